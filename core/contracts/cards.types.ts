/**
 * Contracts of the card calls (spec §7): request schemas the API validates with, and the answers
 * it sends. The API and the site both import them, so the two cannot drift.
 */
import { z } from 'zod';
import { ANONYMOUS_SLOTS, MAX_DATA_URL_LENGTH, PRO_SLOTS } from '../limits.ts';

/** A slot number in a JSON body: a JSON number, whole, 1..1000 (no strings, arrays or booleans). */
export const ZSlotNumber = z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(PRO_SLOTS, `must be at most ${PRO_SLOTS}`);
/**
 * A slot number in a path: only its canonical decimal form ('2', never '02', '+2', '2.0', '0x2' or
 * ' 2'), so one slot has one address.
 */
export const ZSlotParams = z.object({
  slot: z.string().regex(/^[1-9][0-9]{0,3}$/, 'must be a whole number from 1 to 1000 in plain digits').transform(Number).pipe(ZSlotNumber),
});

/**
 * GET /api/cards?limit=N: the first N filled slots in slot order (the first screen of a large wall);
 * without it, every slot. Plain digits only, 1..1000.
 */
export const ZCardsQuery = z.object({
  limit: z.string().regex(/^[1-9][0-9]{0,3}$/, 'must be a whole number from 1 to 1000 in plain digits').transform(Number)
    .pipe(z.number().max(PRO_SLOTS, `must be at most ${PRO_SLOTS}`)).optional(),
});

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const money = z.union([text(40), z.null()]);

/** PATCH /api/cards/{slot}: fields of a card; each optional (spec §5: only the image is required on upload). */
export const ZCardFields = z.object({
  title: text(200).optional(),
  description: text(2000).optional(),
  value: money.optional(),
  allTimeHigh: money.optional(),
});

/** POST /api/cards/{slot}/upload: multipart text fields arrive as strings. */
export const ZUploadFields = z.object({
  title: text(200).optional(),
  description: text(2000).optional(),
  value: text(40).optional(),
  allTimeHigh: text(40).optional(),
});

/** POST /api/cards/swap. */
export const ZSwap = z.object({ fromSlot: ZSlotNumber, toSlot: ZSlotNumber });

/** A gallery card sent on transfer (spec §3). */
export const ZGalleryCard = z.object({
  slotNumber: ZSlotNumber,
  imageUrl: z.string().max(MAX_DATA_URL_LENGTH, 'image is larger than 10 MB').default(''),
  title: text(200).default(''),
  description: text(2000).default(''),
  value: money.default(null),
  allTimeHigh: money.default(null),
  isEmpty: z.boolean().optional(),
});
export type TGalleryCardInput = z.input<typeof ZGalleryCard>;

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
});
/** POST /api/migrate-collection. */
export const ZMigrate = z.object({ collection: z.array(ZAnonymousItem).max(100, 'at most 100 cards at once') });

/** A slot as the card calls answer it (spec §3 Card slot, plus image variants and parsed cents). */
export interface TSlotView {
  id: number | null;
  slotNumber: number;
  imageUrl: string | null;
  thumbUrl: string | null;
  originalUrl: string | null;
  title: string;
  description: string;
  value: string | null;
  valueCents: number | null;
  /** The larger of what the user entered and the highest value ever recorded (decisions.md 5). */
  allTimeHigh: string | null;
  allTimeHighCents: number | null;
  isEmpty: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

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
