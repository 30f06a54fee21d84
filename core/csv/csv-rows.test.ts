import { describe, expect, it } from 'vitest';
import type { TSlotView } from '../contracts/cards.types.ts';
import { escapeCell, unescapeCell } from './escape.ts';
import { EXPORT_COLUMNS, centsCell, exportRow } from './export-row.ts';
import { detectFormat, placeCards, readRows } from './import-rows.ts';
import { slabFacts } from './slab.ts';

const card = (over: Partial<TSlotView> = {}): TSlotView => ({
  id: 1, slotNumber: 3, imageUrl: '/api/images/abc/large', thumbUrl: '/api/images/abc/thumb', originalUrl: '/api/images/abc/original',
  title: '2018 Topps Chrome Shohei Ohtani', description: 'Topps • PSA 10 GEM MT • Cert #12345678', value: '$1,250.50', valueCents: 125050,
  allTimeHigh: '1500', allTimeHighCents: 150000, isEmpty: false, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-02T10:00:00.000Z', ...over,
});

describe('formula escaping', () => {
  it('prefixes cells a spreadsheet would run, and import takes the prefix off', () => {
    for (const cell of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(escapeCell(cell)).toBe(`'${cell}`);
      expect(unescapeCell(escapeCell(cell))).toBe(cell);
    }
    expect(escapeCell('Topps 2018')).toBe('Topps 2018');
    expect(unescapeCell("'quoted")).toBe("'quoted");
  });
});

describe('export rows', () => {
  it('write every column: typed and numeric values, slab facts, dates and the image link', () => {
    const row = exportRow(card(), (p) => `https://ratio.example${p}`);
    expect(row).toHaveLength(EXPORT_COLUMNS.length);
    expect(Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, row[i]]))).toEqual({
      Slot: '3', Title: '2018 Topps Chrome Shohei Ohtani', Description: 'Topps • PSA 10 GEM MT • Cert #12345678',
      Value: '$1,250.50', 'Value (USD)': '1250.50', 'All-Time High': '1500', 'All-Time High (USD)': '1500.00',
      Grader: 'PSA', Grade: '10 GEM MT', 'Cert Number': '12345678', Added: '2026-11-01T10:00:00.000Z', Updated: '2026-11-02T10:00:00.000Z',
      Image: 'https://ratio.example/api/images/abc/original',
    });
  });

  it('leave the image and numbers empty when there are none, and escape formulas', () => {
    const row = exportRow(card({ originalUrl: null, value: 'n/a', valueCents: null, title: '=cmd' }), (p) => p);
    expect(row[1]).toBe("'=cmd");
    expect([row[3], row[4], row[12]]).toEqual(['n/a', '', '']);
    expect(centsCell(5)).toBe('0.05');
  });
});

describe('slab facts', () => {
  it('read grader, grade and cert from the description', () => {
    expect(slabFacts('BGS 9.5 GEM MINT')).toEqual({ grader: 'BGS', grade: '9.5 GEM MINT', certNumber: null });
    expect(slabFacts('PSA 9 • Cert #87654321')).toEqual({ grader: 'PSA', grade: '9', certNumber: '87654321' });
    expect(slabFacts('Raw card, nice corners')).toEqual({ grader: null, grade: null, certNumber: null });
    expect(slabFacts('Certified Autograph, cert no. 0012345678').certNumber).toBe('0012345678');
    expect(slabFacts('Topps Certified Autograph Issue').certNumber).toBeNull();
  });
});

describe('reading an import', () => {
  const ratioHeader = [...EXPORT_COLUMNS];
  const ratioRow = (slot: string, value = '$10', valueUsd = '10.00') => [slot, 'Card', '', value, valueUsd, '', '', '', '', '', '', '', ''];

  it('knows our export and a PSA-style export by their headers', () => {
    expect(detectFormat(ratioHeader)).toBe('ratio');
    expect(detectFormat(['Year', 'Brand', 'Card Number', 'Subject', 'Variety', 'Grade', 'Cert Number'])).toBe('psa');
    expect(detectFormat(['Name', 'Email'])).toBeNull();
    expect(detectFormat(['foo', 'bar'])).toBeNull();
  });

  it('maps PSA columns to a title and a slab description', () => {
    const header = ['Year', 'Brand', 'Card Number', 'Subject/Player', 'Variety', 'Grade', 'Cert Number', 'Value'];
    const { cards, errors } = readRows('psa', header, [['2018', 'Topps Update', 'US250', 'Shohei Ohtani', 'Rookie', 'GEM MT 10', '12345678', '$900']], [2]);
    expect(errors).toEqual([]);
    expect(cards[0]).toMatchObject({ slot: null, title: '2018 Topps Update #US250 Shohei Ohtani Rookie', description: 'PSA GEM MT 10 • Cert #12345678', value: '$900', certNumber: '12345678' });
  });

  it('reports a bad value, a slot out of range, a missing title and a too long text, by line', () => {
    const rows = [ratioRow('1', 'lots', '12'), ratioRow('1001'), ['2', '', '', '', '', '', '', '', '', '', '', '', ''], ['3', 'x'.repeat(201), '', '', '', '', '', '', '', '', '', '', '']];
    const { errors } = readRows('ratio', ratioHeader, rows, [2, 3, 4, 5]);
    expect(errors.map((e) => [e.line, e.kind])).toEqual([[2, 'bad_value'], [3, 'slot_out_of_range'], [4, 'missing_title'], [5, 'too_long']]);
  });

  it('keeps a typed value without a number when our export had no number for it', () => {
    const { cards, errors } = readRows('ratio', ratioHeader, [ratioRow('1', 'n/a', '')], [2]);
    expect(errors).toEqual([]);
    expect(cards[0]!.value).toBe('n/a');
  });

  it('places cards: asked slots, then the first free ones; duplicates and the tier limit are row errors', () => {
    const { cards } = readRows('ratio', ratioHeader, [ratioRow('2'), ratioRow(''), ratioRow('2'), ratioRow('4'), ratioRow('')], [2, 3, 4, 5, 6]);
    const placed = placeCards(cards, { taken: new Set([1, 4]), certs: new Set(), maxSlots: 5 });
    expect(placed.cards.map((c) => c.slotNumber)).toEqual([2, 3, 2, 4, 5]);
    expect(placed.errors.map((e) => [e.line, e.kind])).toEqual([[4, 'duplicate'], [5, 'duplicate']]);
    const full = placeCards(cards, { taken: new Set([1, 4]), certs: new Set(), maxSlots: 3 });
    expect(full.errors.filter((e) => e.kind === 'over_limit').map((e) => e.line)).toEqual([6]);
  });

  it('refuses a cert number seen twice in the file or already in the gallery', () => {
    const header = ['Subject', 'Grade', 'Cert Number'];
    const { cards } = readRows('psa', header, [['A', '10', '111111'], ['B', '9', '111111'], ['C', '8', '222222']], [2, 3, 4]);
    const placed = placeCards(cards, { taken: new Set(), certs: new Set(['222222']), maxSlots: 10 });
    expect(placed.errors.map((e) => [e.line, e.kind])).toEqual([[3, 'duplicate'], [4, 'duplicate']]);
  });
});
