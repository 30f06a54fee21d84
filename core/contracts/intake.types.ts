import { z } from 'zod';
import type { TCardDataView } from '../cards/card-data.ts';
import type { TFieldConfidence } from '../analysis/types.ts';
import type { TCertItemStatus } from '../intake/certs.ts';

/** POST /api/intake/certs body: the certs as typed or pasted (core/intake/certs.ts reads them). */
export const ZCertIntake = z.object({ certs: z.string().min(1, 'is required').max(20_000, 'is too long') });

/** One cert of a batch and what became of it. */
export interface TCertItemView {
  cert: string;
  status: TCertItemStatus;
  /** The card's slot once added, or the slot already holding this cert (on_wall). */
  slotNumber?: number;
  title?: string;
  /** True when PSA filled the card's fields; false when the card holds only its cert. */
  filled?: boolean;
  /** True when PSA's front image of the slab became the card's photo. */
  photo?: boolean;
  /** PSA's population of this card at this grade. */
  population?: number;
  message?: string;
}

/** A cert batch (POST answer and GET /api/intake/certs/{id}). */
export interface TCertBatchView {
  id: string;
  /** Whether PSA's cert API is configured (PSA_API_TOKEN); when false, cards hold their cert only. */
  psa: boolean;
  /** 'PSA lookup unavailable: …' when psa is false. */
  notice: string | null;
  done: number;
  total: number;
  finished: boolean;
  items: TCertItemView[];
  /** Entries that were not cert numbers, and repeats left out. */
  invalid: Array<{ text: string; problem: string }>;
  repeated: string[];
}

export type TPhotoStatus = 'queued' | 'reading' | 'read' | 'failed';

/** One photo of a bulk photo intake (POST /api/intake/photos answer, GET /api/intake/photos list). */
export interface TPhotoItemView {
  id: string;
  /** SHA-256 of the file's bytes (hex). */
  hash: string;
  name: string;
  status: TPhotoStatus;
  /** Photos ahead of this one in the queue (queued only). */
  ahead?: number;
  /** The card's fields as read (read only). */
  fields?: TCardDataView;
  /** How sure the reader is of each field (offline reader only). */
  fieldConfidence?: Partial<TFieldConfidence>;
  /** This photo's id when the same file was sent before. */
  duplicateOf?: string;
  /** The slot already holding the cert read from this photo. */
  certOnWall?: number;
  message?: string;
}

/** A cert batch's or a queued photo's id in a path. */
export const ZIntakeId = z.object({ id: z.uuid('is not a batch id') });

/** POST /api/intake/photos form fields besides the `image` file. */
export const ZPhotoFields = z.object({ name: z.string().max(500).optional() });
