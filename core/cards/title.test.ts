import { describe, expect, it } from 'vitest';
import { NO_CARD_DATA, type TCardData } from './card-data.ts';
import { applyCardWrite } from './card-write.ts';
import { cardFacts } from './facts.ts';
import { deriveDescription, deriveTitle } from './title.ts';

const card = (over: Partial<TCardData>): TCardData => ({ ...NO_CARD_DATA, ...over });
const ohtani = card({
  year: '2018',
  set: 'Topps Chrome',
  subject: 'Shohei Ohtani',
  variety: 'Refractor',
  cardNumber: '193',
  grader: 'PSA',
  grade: 10,
  certNumber: '12345678',
});

describe('the title and description made from the fields', () => {
  it('follow the spec: year, brand, player, then the card name; condition, then the cert', () => {
    expect(deriveTitle(ohtani)).toBe('2018 Topps Chrome Shohei Ohtani Refractor #193');
    expect(deriveTitle(card({ subject: 'Mew' }))).toBe('Mew');
    expect(deriveTitle(NO_CARD_DATA)).toBe('');
    expect(deriveDescription(ohtani)).toBe('PSA 10 GEM MT');
    expect(deriveTitle(card({ set: 'S'.repeat(150), subject: 'Long Name '.repeat(10) })).length).toBeLessThanOrEqual(200);
  });
});

describe('a write', () => {
  const before = { title: 'My old title', description: 'my words', data: card({ subject: 'Old', grader: 'PSA', grade: 9 }) };

  it('remakes the title only when a field of it is sent, and the description only when a grade field is', () => {
    const named = applyCardWrite(before, { data: { subject: 'Shohei Ohtani', year: '2018' } });
    expect([named.title, named.description]).toEqual(['2018 Shohei Ohtani', 'my words']);
    const graded = applyCardWrite(before, { data: { grade: 10 } });
    expect([graded.title, graded.description]).toEqual(['My old title', 'PSA 10 GEM MT']);
    const valueOnly = applyCardWrite(before, { data: { costCents: 500 } });
    expect([valueOnly.title, valueOnly.description, valueOnly.data.costCents]).toEqual(['My old title', 'my words', 500]);
  });

  it("sets a spec client's fields from the title and description it types", () => {
    const typed = applyCardWrite(
      { title: '', description: '', data: NO_CARD_DATA },
      { title: '2018 Topps Chrome Shohei Ohtani', description: 'PSA 10 GEM MT • Cert #12345678', data: {} },
    );
    expect(typed.data).toMatchObject({ year: '2018', set: 'Topps Chrome', subject: 'Shohei Ohtani', grader: 'PSA', grade: 10, certNumber: '12345678' });
    const retitled = applyCardWrite(typed, { title: 'My Mew', data: {} });
    expect(retitled.data).toMatchObject({ subject: 'My Mew', year: null, set: null, grader: 'PSA', certNumber: '12345678' });
  });

  it('keeps a title or description sent as typed (the spec calls), and clears a field sent as null', () => {
    const typed = applyCardWrite(before, { title: 'Typed', description: '', data: { subject: 'New', grader: null } });
    expect([typed.title, typed.description, typed.data.subject, typed.data.grader]).toEqual(['Typed', '', 'New', null]);
  });
});

describe('the facts a viewer lists', () => {
  it('shows what the card is to everyone, and the cert and purchase only to the owner', () => {
    const full = card({
      ...ohtani,
      costCents: 12_550,
      acquiredOn: '2025-11-20',
      source: 'Card show',
      subgrades: { centering: 9.5, corners: 9, edges: null, surface: 10 },
    });
    const shared = cardFacts(full, false).map((f) => f.label);
    expect(shared).toEqual(['Player', 'Year', 'Set', 'Card Number', 'Variety', 'Grade', 'Subgrades']);
    const own = cardFacts(full, true);
    expect(own.find((f) => f.label === 'Cert Number')).toEqual({ label: 'Cert Number', text: '12345678', href: 'https://www.psacard.com/cert/12345678' });
    expect(own.find((f) => f.label === 'Cost')?.text).toBe('$125.50');
    expect(own.find((f) => f.label === 'Acquired')?.text).toBe('Nov 20, 2025');
    expect(own.find((f) => f.label === 'Subgrades')?.text).toBe('Centering 9.5 · Corners 9 · Surface 10');
  });
});
