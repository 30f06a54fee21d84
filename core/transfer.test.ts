import { describe, expect, it } from 'vitest';
import { toGalleryCards } from './transfer.ts';
import { applyCardWrite } from './cards/card-write.ts';
import { NO_CARD_DATA } from './cards/card-data.ts';

describe('toGalleryCards (docs/product.md §3)', () => {
  it('titles and describes by the one rule of every card (docs/choices.md 48), numbers slots from 1', () => {
    const [card] = toGalleryCards([
      { image: 'data:image/jpeg;base64,AAA', player: 'Shohei Ohtani', year: '2018', brand: 'Topps Chrome', condition: 'PSA 10 GEM MT', userValue: '$1,250' },
    ]);
    expect(card).toEqual({
      slotNumber: 1,
      imageUrl: 'data:image/jpeg;base64,AAA',
      title: '2018 Topps Chrome Shohei Ohtani',
      description: 'PSA 10 GEM MT',
      value: '$1,250',
      allTimeHigh: '',
      isEmpty: false,
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      grader: 'PSA',
      grade: 10,
    });
  });

  it("keeps the visitor's notes, cert, card number and variety as the card's fields; a bad cert or year never stops the transfer", () => {
    const [read, typo] = toGalleryCards([
      {
        player: 'Luka Doncic',
        year: '2018-19',
        brand: 'Panini Prizm',
        condition: 'BGS 9.5',
        certNumber: '0012345678',
        cardNumber: '#280',
        variety: 'Silver',
        userNotes: 'From the card show',
      },
      { player: 'Mew', year: '21', condition: 'PSA 9', certNumber: '123', userNotes: 'mine' },
    ]);
    expect(read).toMatchObject({
      year: '2018-19',
      grader: 'BGS',
      grade: 9.5,
      certNumber: '0012345678',
      cardNumber: '280',
      variety: 'Silver',
      notes: 'From the card show',
    });
    expect(typo).toMatchObject({ subject: 'Mew', grader: 'PSA', grade: 9, notes: 'mine • Cert #123' });
    expect(typo).not.toHaveProperty('year');
    expect(typo).not.toHaveProperty('certNumber');
  });

  it('gives a transferred card the title and description an upload of the same fields gets', () => {
    const item = { player: 'Luka Doncic', year: '2018-19', brand: 'Panini Prizm', condition: 'BGS 9.5', cardNumber: '#280', variety: 'Silver' };
    const [card] = toGalleryCards([item]);
    const { slotNumber: _slot, imageUrl: _image, title, description, value: _value, allTimeHigh: _ath, isEmpty: _empty, ...fields } = card!;
    const uploaded = applyCardWrite({ title: '', description: '', data: NO_CARD_DATA }, { data: fields });
    expect([title, description]).toEqual([uploaded.title, uploaded.description]);
    expect(title).toBe('2018-19 Panini Prizm Luka Doncic Silver #280');
    // A condition that is no grade stays as the visitor typed it.
    expect(toGalleryCards([{ player: 'Mew', condition: 'Pack fresh' }])[0]).toMatchObject({ title: 'Mew', description: 'Pack fresh' });
  });

  it("falls back to existing fields, then 'Unknown Card'", () => {
    const cards = toGalleryCards([{ title: 'Old title', description: 'Old desc', value: '40' }, {}]);
    expect(cards[0]).toMatchObject({ slotNumber: 1, title: 'Old title', description: 'Old desc', value: '40' });
    expect(cards[1]).toMatchObject({ slotNumber: 2, title: 'Unknown Card', description: '', value: '', imageUrl: '' });
  });

  it('complete-setup uses null for a missing value and all-time high', () => {
    expect(toGalleryCards([{ player: 'A' }], null)[0]).toMatchObject({ value: null, allTimeHigh: null });
  });
});
