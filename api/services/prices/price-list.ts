/**
 * A price list as the provider (docs/choices.md 45): the one the operator imported (`ratio prices import`,
 * table price_list), else the embedded default (sample-price-list.ts). Never market data: its
 * figures carry the list's name and isMarketData false.
 */
import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import { normalizeCardKey, cardKey, type TGradePrice } from '../../../core/prices.ts';
import { normalizeCert, gradeProblem, dateProblem } from '../../../core/cards/rules.ts';
import { GRADERS } from '../../../core/cards/card-data.ts';
import { parseValueCents } from '../../../core/values.ts';
import { PriceListEntry } from '../../../db/models/PriceListEntry.ts';
import type { PriceProvider, TLookupCard } from './provider.ts';
import { SAMPLE_LIST_NAME, SAMPLE_PRICE_LIST_CSV } from './sample-price-list.ts';

export interface TPriceListRow {
  cardKey: string;
  grader: string | null;
  grade: number | null;
  priceCents: number;
  asOf: string;
}

/** A bad line of a price list file. */
export interface TPriceListError {
  line: number;
  message: string;
}

const HEADER = ['card key', 'grader', 'grade', 'price', 'date'];

/**
 * Reads a price list CSV: `card key, grader, grade, price, date` (a header line first). Grader
 * empty: any grader; grade empty: ungraded; price in dollars ('$1,250.50'); date YYYY-MM-DD. Every
 * bad line is reported; the caller imports nothing when there is one.
 */
export function readPriceList(csv: string): { rows: TPriceListRow[]; errors: TPriceListError[] } {
  let records: string[][];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    return { rows: [], errors: [{ line: 0, message: `Not a CSV file: ${(error as Error).message}` }] };
  }
  const header = (records[0] ?? []).map((h) => h.toLowerCase());
  if (HEADER.some((h, i) => header[i] !== h)) {
    return { rows: [], errors: [{ line: 1, message: `The first line must be the header: ${HEADER.join(',')}` }] };
  }
  const rows: TPriceListRow[] = [];
  const errors: TPriceListError[] = [];
  records.slice(1).forEach((cells, i) => {
    const line = i + 2;
    const [key = '', graderText = '', gradeText = '', priceText = '', date = ''] = cells;
    const problems: string[] = [];
    const normalized = /^\d+$/.test(key) ? normalizeCert(key) : normalizeCardKey(key);
    if (!normalized) problems.push('no card key');
    const grader = graderText ? (GRADERS.find((g) => g.toLowerCase() === graderText.toLowerCase()) ?? null) : null;
    if (graderText && !grader) problems.push(`grader '${graderText}' is not one of ${GRADERS.join(', ')}`);
    const grade = gradeText ? Number(gradeText) : null;
    if (grade !== null && (!Number.isFinite(grade) || gradeProblem(grade)))
      problems.push(`grade '${gradeText}': ${Number.isFinite(grade) ? gradeProblem(grade) : 'not a number'}`);
    const priceCents = parseValueCents(priceText);
    if (priceCents === null) problems.push(`price '${priceText}' is not an amount`);
    const dateIssue = dateProblem(date);
    if (dateIssue) problems.push(`date '${date}': ${dateIssue}`);
    if (problems.length) errors.push({ line, message: problems.join('; ') });
    else rows.push({ cardKey: normalized, grader, grade, priceCents: priceCents!, asOf: date });
  });
  return { rows, errors };
}

/** Replaces the imported price list with `rows` under `name`, in one transaction. */
export async function importPriceList(db: Knex, name: string, rows: readonly TPriceListRow[]): Promise<number> {
  return db.transaction(async (trx) => {
    await PriceListEntry.query(trx).delete();
    for (let i = 0; i < rows.length; i += 500) {
      await PriceListEntry.query(trx).insert(rows.slice(i, i + 500).map((r) => ({ ...r, listName: name })));
    }
    return rows.length;
  });
}

type TEntries = { name: string; byKey: Map<string, TPriceListRow[]> };

function indexRows(name: string, rows: readonly TPriceListRow[]): TEntries {
  const byKey = new Map<string, TPriceListRow[]>();
  for (const r of rows) {
    const list = byKey.get(r.cardKey) ?? [];
    list.push(r);
    byKey.set(r.cardKey, list);
  }
  return { name, byKey };
}

const SAMPLE = indexRows(SAMPLE_LIST_NAME, readPriceList(SAMPLE_PRICE_LIST_CSV).rows);

/** The list in price_list, indexed; the embedded default when it is empty. */
async function readEntries(db: Knex): Promise<TEntries> {
  const rows = await PriceListEntry.query(db);
  if (rows.length === 0) return SAMPLE;
  return indexRows(
    rows[0]!.listName,
    rows.map((r) => ({ cardKey: r.cardKey, grader: r.grader, grade: r.grade, priceCents: Number(r.priceCents), asOf: r.asOf })),
  );
}

/**
 * Which import the list in price_list is: its highest row id (an import replaces every row in one
 * transaction, and ids only grow, so each import has its own), 'none' for no list. One index look-up.
 */
async function importKey(db: Knex): Promise<string> {
  const row = (await db('price_list').max('id as last').first()) as { last: string | number | null } | undefined;
  return row?.last == null ? 'none' : String(row.last);
}

/**
 * The price list provider on `db`: the imported list when there is one, else the embedded default. The
 * list is read once per import and kept (a refresh looks up every card against it): each look-up asks
 * only which import is current, so a list imported by any process (`ratio prices import`) is seen at
 * the next look-up.
 */
export function createPriceListProvider(db: Knex): PriceProvider {
  let cached: { key: string; list: Promise<TEntries> } | null = null;
  async function entries(): Promise<TEntries> {
    const key = await importKey(db);
    if (cached?.key === key) return cached.list;
    const entry = { key, list: readEntries(db) };
    cached = entry;
    // A failed read is not kept: the next look-up reads again.
    entry.list.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.list;
  }
  const provider: PriceProvider = {
    name: 'price-list',
    label: async () => (await PriceListEntry.query(db).select('listName').first())?.listName ?? SAMPLE_LIST_NAME,
    isMarketData: false,
    ratePerSecond: Infinity,
    async search(query) {
      const list = await entries();
      const wanted = normalizeCardKey(query).split(' ').filter(Boolean);
      return [...list.byKey.keys()]
        .filter((k) => wanted.every((w) => ` ${k} `.includes(` ${w} `) || k.includes(w)))
        .slice(0, 20)
        .map((k) => ({ id: k, name: k, setName: list.name }));
    },
    async lookup(card: TLookupCard, productId?: string | null) {
      const list = await entries();
      const keys = productId ? [productId] : [card.certNumber, cardKey(card)].filter((k): k is string => Boolean(k));
      for (const key of keys) {
        const rows = list.byKey.get(key);
        if (!rows) continue;
        const prices: TGradePrice[] = rows.map((r) => ({ grader: r.grader, grade: r.grade, cents: r.priceCents }));
        const asOf = rows
          .map((r) => r.asOf)
          .sort()
          .at(-1)!;
        return { product: { id: key, name: key }, prices, asOf, source: list.name, isMarketData: false };
      }
      return null;
    },
  };
  return provider;
}
