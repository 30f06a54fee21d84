import { z } from 'zod';
import { PRO_SLOTS } from '../../../core/limits.ts';

/** A slot number in a path or body: a whole number 1..1000. */
export const ZSlotNumber = z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(PRO_SLOTS, `must be at most ${PRO_SLOTS}`);
export const ZSlotParams = z.object({ slot: ZSlotNumber });

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const money = z.union([text(40), z.null()]);

/** Fields of a card; each optional (spec §5: only the image is required on upload). */
export const ZCardFields = z.object({
  title: text(200).optional(),
  description: text(2000).optional(),
  value: money.optional(),
  allTimeHigh: money.optional(),
});

/** Multipart text fields arrive as strings (or string arrays when repeated). */
export const ZUploadFields = z.object({
  title: text(200).optional(),
  description: text(2000).optional(),
  value: text(40).optional(),
  allTimeHigh: text(40).optional(),
});

export const ZSwap = z.object({ fromSlot: ZSlotNumber, toSlot: ZSlotNumber });

const ZGalleryCard = z.object({
  slotNumber: ZSlotNumber,
  imageUrl: z.string().max(15_000_000, 'image is larger than 10 MB').default(''),
  title: text(200).default(''),
  description: text(2000).default(''),
  value: money.default(null),
  allTimeHigh: money.default(null),
  isEmpty: z.boolean().optional(),
});

export const ZTransfer = z.object({ collectionData: z.array(ZGalleryCard).max(100, 'at most 100 cards at once') });

const optionalText = (max: number) => z.union([text(max), z.null()]).optional();
const ZAnonymousItem = z.object({
  id: optionalText(100),
  image: z.union([z.string().max(15_000_000, 'image is larger than 10 MB'), z.null()]).optional(),
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
export const ZMigrate = z.object({ collection: z.array(ZAnonymousItem).max(100, 'at most 100 cards at once') });
