import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { fillSignup, seedVisitorCollection } from './visitor.ts';

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function slabPhoto(color: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 300, height: 420, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

describe('a visitor with 3 anonymous cards signs up on /pricing', () => {
  it('finds the 3 cards in the gallery, and the browser copy is gone', async () => {
    const cards = [
      {
        id: 'c1',
        image: await slabPhoto('#a33'),
        player: 'Shohei Ohtani',
        year: '2018',
        brand: 'Topps Chrome',
        condition: 'PSA 10 GEM MT',
        userValue: '$1,250',
        userNotes: 'From the card show',
        addedAt: '2026-11-20T10:00:00Z',
        certNumber: '12345678',
        cardNumber: '193',
      },
      {
        id: 'c2',
        image: await slabPhoto('#33a'),
        player: 'Luka Doncic',
        year: '2018',
        brand: 'Panini Prizm',
        condition: 'BGS 9.5',
        userValue: '400',
        userNotes: '',
        addedAt: '2026-11-20T10:01:00Z',
      },
      {
        id: 'c3',
        image: await slabPhoto('#3a3'),
        player: 'Mike Trout',
        year: '2011',
        brand: 'Topps Update',
        condition: 'SGC 9',
        userValue: '',
        userNotes: '',
        addedAt: '2026-11-20T10:02:00Z',
      },
    ];
    const { context, page } = await e2e.newPage();
    await seedVisitorCollection(context, cards);

    // Straight to /pricing, without 'Start Free Trial' (that path also starts the trial: billing-flows.test.ts).
    await page.goto('/pricing');
    await hydrated(page);

    await fillSignup(page, { firstName: 'Vera', lastName: 'Visitor', email: `visitor-${Date.now()}@example.com`, password: 'visitor-pass' });
    await page.waitForURL('**/gallery');
    await hydrated(page);

    await page.getByTestId('toast').getByText('Collection Transferred!').waitFor();
    await page.getByTestId('filled-slot').nth(2).waitFor();
    const slots = page.getByTestId('filled-slot');
    expect(await slots.count()).toBe(3);
    const text = await slots.allInnerTexts();
    expect(text[0]).toContain('$1,250');
    const api = await page.evaluate(() => fetch('/api/cards').then((r) => r.json()));
    expect(api.map((c: { slotNumber: number; title: string; description: string }) => [c.slotNumber, c.title, c.description])).toEqual([
      // Titled and described as every card is, from its fields (docs/choices.md 48).
      [1, '2018 Topps Chrome Shohei Ohtani #193', 'PSA 10 GEM MT'],
      [2, '2018 Panini Prizm Luka Doncic', 'BGS 9.5 GEM MINT'],
      [3, '2011 Topps Update Mike Trout', 'SGC 9 MINT'],
    ]);
    // The visitor's fields and notes came along as the card's own fields (docs/choices.md 39), the cert read from the label among them.
    expect(api[0]).toMatchObject({
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      cardNumber: '193',
      grader: 'PSA',
      grade: 10,
      certNumber: '12345678',
      notes: 'From the card show',
    });
    expect(api[2]).toMatchObject({ subject: 'Mike Trout', grader: 'SGC', grade: 9 });
    // The photos came along: each thumbnail loads.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid=filled-slot] img')].every((i) => i.complete && i.naturalWidth > 0),
    );
    expect(await page.evaluate(() => localStorage.getItem('anonymous-collection'))).toBeNull();
    await context.close();
  });
});
