/**
 * Contracts of the card calls (docs/product.md §7): request schemas the API validates with, and the answers
 * it sends. The API and the site both import them, so the two cannot drift.
 */
import { z } from 'zod';
import { ANONYMOUS_SLOTS, MAX_DATA_URL_LENGTH, PRO_SLOTS } from '../limits.ts';
import { CARD_TEXT_MAX, GRADERS, type TCardData, type TCardDataView } from '../cards/card-data.ts';
import { COUNTS_VALUES, type TCountsValue } from '../prices.ts';
import { costProblem, dateProblem, gradeProblem, normalizeCert, yearProblem } from '../cards/rules.ts';

/** A slot number in a JSON body: a JSON number, whole, 1..1000 (no strings, arrays or booleans). */
export const ZSlotNumber = z
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(PRO_SLOTS, `must be at most ${PRO_SLOTS}`);
/**
 * A slot number in a path: only its canonical decimal form ('2', never '02', '+2', '2.0', '0x2' or
 * ' 2'), so one slot has one address.
 */
export const ZSlotParams = z.object({
  slot: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/, 'must be a whole number from 1 to 1000 in plain digits')
    .transform(Number)
    .pipe(ZSlotNumber),
});

/**
 * GET /api/cards?limit=N: the first N filled slots in slot order (the first screen of a large wall);
 * without it, every slot. Plain digits only, 1..1000.
 */
export const ZCardsQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/, 'must be a whole number from 1 to 1000 in plain digits')
    .transform(Number)
    .pipe(z.number().max(PRO_SLOTS, `must be at most ${PRO_SLOTS}`))
    .optional(),
});

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const money = z.union([text(40), z.null()]);

/** A rule of core/cards/rules.ts as a zod check (its message names what is wrong). */
const rule =
  <T>(problem: (v: T) => string | null) =>
  (v: T, ctx: z.RefinementCtx) => {
    const message = problem(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
/** A text field: trimmed, '' becomes null (not set). */
const cardText = (max: number) => z.union([text(max).transform((s) => s.replace(/\s+/g, ' ').trim() || null), z.null()]).optional();
const ZGradeValue = z.number('must be a number').superRefine(rule(gradeProblem));
const ZSubgrades = z.object({
  centering: ZGradeValue.nullable().default(null),
  corners: ZGradeValue.nullable().default(null),
  edges: ZGradeValue.nullable().default(null),
  surface: ZGradeValue.nullable().default(null),
});

/**
 * A card's structured fields (docs/choices.md 39), each optional: absent leaves it as it is, null clears
 * it. The cert's length is checked against the card's grader by the service (the grader may be
 * the one already stored).
 */
export const ZCardData = z.object({
  grader: z
    .enum(GRADERS, `must be one of ${GRADERS.join(', ')}`)
    .nullable()
    .optional(),
  grade: ZGradeValue.nullable().optional(),
  qualifier: cardText(CARD_TEXT_MAX.qualifier),
  subgrades: ZSubgrades.nullable().optional(),
  certNumber: z
    .union([
      z
        .string()
        .max(40, 'must be at most 40 characters')
        .transform(normalizeCert)
        .transform((c) => c || null),
      z.null(),
    ])
    .optional(),
  year: z
    .union([
      z
        .string()
        .trim()
        .transform((y) => y || null)
        .pipe(z.union([z.string().superRefine(rule(yearProblem)), z.null()])),
      z.null(),
    ])
    .optional(),
  set: cardText(CARD_TEXT_MAX.set),
  cardNumber: z.union([text(CARD_TEXT_MAX.cardNumber).transform((s) => s.trim().replace(/^#\s*/, '') || null), z.null()]).optional(),
  subject: cardText(CARD_TEXT_MAX.subject),
  variety: cardText(CARD_TEXT_MAX.variety),
  sport: cardText(CARD_TEXT_MAX.sport),
  serial: cardText(CARD_TEXT_MAX.serial),
  autographGrade: ZGradeValue.nullable().optional(),
  costCents: z.number('must be a number').int('must be a whole number of cents').superRefine(rule(costProblem)).nullable().optional(),
  acquiredOn: z.string().superRefine(rule(dateProblem)).nullable().optional(),
  source: cardText(CARD_TEXT_MAX.source),
  notes: z.union([text(CARD_TEXT_MAX.notes).transform((s) => s.trim() || null), z.null()]).optional(),
});

/** PATCH /api/cards/{slot}: the spec's fields of a card and its structured fields; each optional (docs/product.md §5: only the image is required on upload). */
export const ZCardFields = z.object({
  title: text(200).optional(),
  description: text(2000).optional(),
  value: money.optional(),
  allTimeHigh: money.optional(),
  ...ZCardData.shape,
});

/**
 * What a card write (the edit's JSON body, the upload's form fields, once parsed) hands the
 * service: the spec's fields and the card's own, each optional (absent: left as it is).
 */
export interface TCardWrite extends Partial<TCardData> {
  title?: string | undefined;
  description?: string | undefined;
  value?: string | null | undefined;
  allTimeHigh?: string | null | undefined;
}

/** A multipart text field as the JSON field it stands for: '' is null, numbers and subgrades are parsed. */
const formNumber = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v) : v);
const formJson = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return null;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};
const formNull = (v: unknown) => (v === '' ? null : v);
const D = ZCardData.shape;

/** POST /api/cards/{slot}/upload: multipart text fields arrive as strings (subgrades as JSON). */
export const ZUploadFields = z.object({
  title: text(200).optional(),
  description: text(2000).optional(),
  value: text(40).optional(),
  allTimeHigh: text(40).optional(),
  ...D,
  grader: z.preprocess(formNull, D.grader),
  grade: z.preprocess(formNumber, D.grade),
  subgrades: z.preprocess(formJson, D.subgrades),
  autographGrade: z.preprocess(formNumber, D.autographGrade),
  costCents: z.preprocess(formNumber, D.costCents),
  acquiredOn: z.preprocess(formNull, D.acquiredOn),
});

/** POST /api/cards/swap. */
export const ZSwap = z.object({ fromSlot: ZSlotNumber, toSlot: ZSlotNumber });

/** A gallery card sent on transfer (docs/product.md §3). */
export const ZGalleryCard = z.object({
  slotNumber: ZSlotNumber,
  imageUrl: z.string().max(MAX_DATA_URL_LENGTH, 'image is larger than 10 MB').default(''),
  title: text(200).default(''),
  description: text(2000).default(''),
  value: money.default(null),
  allTimeHigh: money.default(null),
  isEmpty: z.boolean().optional(),
  /** The visitor's card as fields (docs/choices.md 39: kept on transfer, Notes included); older clients send none. */
  ...ZCardData.shape,
});

/** The cards of an anonymous collection as sign-up and trial start carry them (at most 3). */
export const ZAnonymousCards = z.array(ZGalleryCard).max(ANONYMOUS_SLOTS, `at most ${ANONYMOUS_SLOTS} cards`);

/** POST /api/transfer-collection. */
export const ZTransfer = z.object({ collectionData: z.array(ZGalleryCard).max(100, 'at most 100 cards at once') });

const optionalText = (max: number) => z.union([text(max), z.null()]).optional();
const ZAnonymousItem = z.object({
  id: optionalText(100),
  image: z.union([z.string().max(MAX_DATA_URL_LENGTH, 'image is larger than 10 MB'), z.null()]).optional(),
  player: optionalText(200),
  year: optionalText(20),
  brand: optionalText(200),
  condition: optionalText(200),
  userValue: optionalText(40),
  userNotes: optionalText(2000),
  addedAt: optionalText(40),
  title: optionalText(200),
  description: optionalText(2000),
  value: optionalText(40),
  certNumber: optionalText(40),
  cardNumber: optionalText(40),
  variety: optionalText(200),
  sport: optionalText(60),
});
/** POST /api/migrate-collection. */
export const ZMigrate = z.object({ collection: z.array(ZAnonymousItem).max(100, 'at most 100 cards at once') });

/**
 * A slot as the card calls answer it (docs/product.md §3 Card slot, plus image variants, parsed cents and the
 * card's structured fields, docs/choices.md 39: a field not set is left out of the answer).
 */
export interface TSlotView extends TCardDataView {
  /** PSA's population at this grade (cards added by cert with PSA's API). */
  populationAtGrade?: number;
  id: number | null;
  slotNumber: number;
  imageUrl: string | null;
  thumbUrl: string | null;
  originalUrl: string | null;
  title: string;
  description: string;
  value: string | null;
  valueCents: number | null;
  /** The larger of what the user entered and the highest value ever recorded (docs/choices.md 5). */
  allTimeHigh: string | null;
  allTimeHighCents: number | null;
  isEmpty: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  /**
   * The card's market value (docs/choices.md 45); left out until the card was looked up. The wall's
   * answer (GET /api/cards, a share) carries only its price, and only once one was found (TMarketBrief,
   * what totals need: the answer stays within 1.1x of one without market values); a single card's
   * answer and GET /api/cards/{slot}/market carry all of it.
   */
  market?: TMarketView | TMarketBrief;
  /** Which value counts in totals for this card; left out when it follows the wall's choice. */
  countsValue?: TCountsValue;
}

/** A market value in the wall's answer: its price only (the whole market value is left out before a price was found). */
export interface TMarketBrief {
  cents: number;
}

/** A card's market value as the card calls answer it (docs/choices.md 45); a field not known is left out (the wall's answer stays small). */
export interface TMarketView {
  /** The last known price at the card's grade (or the nearest grade); left out before one was found. */
  cents?: number;
  /** The grade the price is of: 'PSA 10', 'Grade 9', 'Ungraded'. */
  label?: string;
  /** Set when the card's own grade had no price: the grade it was estimated from. */
  estimatedFrom?: number;
  /** Who gave it: 'SportsCardsPro', or a price list's name. */
  source?: string;
  /** False for a price list (the operator's or the embedded sample): not market data. */
  isMarketData: boolean;
  /** YYYY-MM-DD of the price; core/prices.ts isStale says when it wants a stale badge. */
  asOf?: string;
  /** The matched product (kept once matched; the collector may fix it). */
  productId?: string;
  productName?: string;
  /** auto: matched by search; fixed: chosen by the collector; none: nothing fits. */
  match?: 'auto' | 'fixed' | 'none';
  /** Why the last look-up failed (the last known value stays). */
  error?: string;
}

/** PATCH /api/cards/{slot}/market: which value counts for the card (null: the wall's), and/or the product it is. */
export const ZMarketUpdate = z.object({
  countsValue: z
    .enum(COUNTS_VALUES, `must be one of ${COUNTS_VALUES.join(', ')}`)
    .nullable()
    .optional(),
  productId: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
});

/** PUT /api/cards/counts-value: which value counts for the whole wall. */
export const ZWallCountsValue = z.object({ countsValue: z.enum(COUNTS_VALUES, `must be one of ${COUNTS_VALUES.join(', ')}`) });

/** GET /api/cards/{slot}/market/search?q=…: products to pick from when fixing a match. */
export const ZProductSearch = z.object({ q: z.string().trim().min(2, 'must be at least 2 characters').max(200, 'must be at most 200 characters') });

/** POST /api/transfer-collection answer. */
export interface TTransferAnswer {
  transferred: number;
  /** Cards already in the gallery from an earlier transfer of the same collection. */
  skipped: number;
  cards: TSlotView[];
}

/** POST /api/migrate-collection answer. */
export interface TMigrateAnswer {
  migratedCards: number;
  skipped: number;
  cards: TSlotView[];
}

/** A card photo's address: GET /api/images/{id}/{variant}. */
export const ZImageParams = z.object({ id: z.uuid(), variant: z.enum(['thumb', 'large', 'original']) });

/** POST /api/cards/{slot}/market/refresh and PATCH /api/cards/{slot}/market answer: the look-up's outcome and the card. */
export interface TMarketCardAnswer {
  outcome: string | null;
  card: TSlotView;
}
