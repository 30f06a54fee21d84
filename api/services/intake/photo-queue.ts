import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { setFieldsOf } from '../../../core/cards/card-data.ts';
import { cardDataFromAnalysis } from '../../../core/cards/from-analysis.ts';
import type { TPhotoItemView } from '../../../core/contracts/intake.types.ts';
import type { TFieldConfidence } from '../../../core/analysis/types.ts';
import type { TCardData } from '../../../core/cards/card-data.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { CardAnalyzer } from '../analysis/card-analyzer.ts';
import { AnalysisBusyError, AnalysisInputError } from '../analysis/errors.ts';
import { assertCanEditSlots } from '../cards/slot-access.ts';
import { detectImageKind } from '../images/detect-type.ts';

/** Photos one user may have waiting or being read at once (docs/choices.md 42: 50 at a time). */
export const PHOTO_QUEUE_MAX = 50;
/** Photos waiting across all users at once (their bytes are held in memory until read): past it, 503. */
export const PHOTO_QUEUE_TOTAL_MAX = 300;
/** A read photo is answered this long, then forgotten. */
const KEEP_MS = 60 * 60 * 1000;

const MIME = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic' } as const;

interface TPhoto {
  id: string;
  userId: number;
  hash: string;
  name: string;
  status: TPhotoItemView['status'];
  bytes: Buffer | null;
  mime: string;
  fields: TCardData | null;
  fieldConfidence: Partial<TFieldConfidence> | undefined;
  message: string | undefined;
  /** When it was added: the list's order, the order the collector sent them in, however the reads finish. */
  addedAt: number;
  /** When it was added or last finished reading: kept KEEP_MS after that. */
  at: number;
}

export interface PhotoQueue {
  /** Queues one photo for the label reader; answers at once. The same file sent again is not read twice (`duplicateOf`). */
  add(user: User, image: Buffer, name: string): TPhotoItemView;
  /** The user's photos as they stand, each with the slot already holding the cert it shows. */
  list(userId: number): Promise<TPhotoItemView[]>;
  /** Forgets one of the user's photos (skipped or accepted); false when there was none. */
  forget(userId: number, id: string): boolean;
  /** Resolves when nothing is waiting or being read (bench, tests). */
  idle(): Promise<void>;
}

/**
 * Bulk intake by photo (docs/choices.md 42): each photo is read by the label reader (deps.analyzer, the
 * same service as POST /api/analyze-card) one after another in the background, so the reader's
 * process always has the next photo and the server's requests never wait for it. The photo's bytes
 * are kept only until it is read; the browser keeps the file and uploads it when the collector
 * accepts the card (POST /api/cards/{slot}/upload: the tier's slots and the cert rule apply there).
 */
export function createPhotoQueue(deps: { db: Knex; analyzer: CardAnalyzer; clock: () => Date; log: Logger }): PhotoQueue {
  const photos = new Map<string, TPhoto>();
  const waiting: TPhoto[] = [];
  /** Photos handed to the reader at once: one being read, the next already waiting in its process's queue. */
  const IN_FLIGHT = 2;
  let reading = 0;
  let idleWaiters: Array<() => void> = [];

  const view = (p: TPhoto, onWall: Map<string, number>, duplicateOf?: string): TPhotoItemView => {
    const ahead = p.status === 'queued' ? waiting.indexOf(p) + reading : undefined;
    const cert = p.fields?.certNumber;
    return {
      id: p.id,
      hash: p.hash,
      name: p.name,
      status: p.status,
      ...(ahead !== undefined ? { ahead } : {}),
      ...(p.fields ? { fields: setFieldsOf(p.fields) } : {}),
      ...(p.fieldConfidence ? { fieldConfidence: p.fieldConfidence } : {}),
      ...(duplicateOf ? { duplicateOf } : {}),
      ...(cert && onWall.has(cert) ? { certOnWall: onWall.get(cert)! } : {}),
      ...(p.message ? { message: p.message } : {}),
    };
  };

  function readNext(): void {
    while (reading < IN_FLIGHT && waiting.length > 0) void readOne(waiting.shift()!);
    if (reading === 0 && waiting.length === 0) {
      for (const w of idleWaiters) w();
      idleWaiters = [];
    }
  }

  async function readOne(p: TPhoto): Promise<void> {
    reading++;
    p.status = 'reading';
    try {
      const analysis = await deps.analyzer.analyze(p.bytes!, p.mime);
      p.fields = cardDataFromAnalysis(analysis);
      p.fieldConfidence = analysis.fieldConfidence;
      p.status = 'read';
      if (!analysis.player && !analysis.certNumber && !analysis.psaCertNumber && !analysis.year)
        p.message = 'No label could be read on this photo: fill in the card yourself.';
    } catch (err) {
      if (err instanceof AnalysisBusyError) {
        // The reader is restarting or full: this photo goes back to the front of the line.
        p.status = 'queued';
        waiting.unshift(p);
        await new Promise((r) => setTimeout(r, 500).unref());
      } else {
        p.status = 'failed';
        p.message = err instanceof AnalysisInputError ? err.message : 'This photo could not be read: fill in the card yourself.';
        if (!(err instanceof AnalysisInputError)) deps.log.warn({ err }, 'bulk intake: photo not read');
      }
    } finally {
      if (p.status !== 'queued') p.bytes = null;
      p.at = Date.now();
      reading--;
      readNext();
    }
  }

  const forgetOld = () => {
    const now = Date.now();
    for (const [id, p] of photos) if ((p.status === 'read' || p.status === 'failed') && now - p.at > KEEP_MS) photos.delete(id);
  };

  const mine = (userId: number) => [...photos.values()].filter((p) => p.userId === userId);

  return {
    add(user, image, name) {
      assertCanEditSlots(user, deps.clock(), []);
      forgetOld();
      const kind = detectImageKind(image);
      if (!kind) throw badRequest('invalid_image_type', 'image: must be a JPEG, PNG, WebP or HEIC photo');
      const hash = createHash('sha256').update(image).digest('hex');
      const same = mine(user.id).find((p) => p.hash === hash);
      if (same) return view(same, new Map(), same.id);
      const open = mine(user.id).filter((p) => p.status === 'queued' || p.status === 'reading').length;
      if (open >= PHOTO_QUEUE_MAX) {
        throw new AppError(429, 'intake_full', `At most ${PHOTO_QUEUE_MAX} photos are read at a time: add more once these are read.`);
      }
      if (waiting.length >= PHOTO_QUEUE_TOTAL_MAX) {
        throw new AppError(503, 'intake_busy', 'The label reader has many photos waiting: try again in a minute.', {}, { 'Retry-After': '60' });
      }
      const p: TPhoto = {
        id: randomUUID(),
        userId: user.id,
        hash,
        name: name.slice(0, 200),
        status: 'queued',
        bytes: image,
        mime: MIME[kind],
        fields: null,
        fieldConfidence: undefined,
        message: undefined,
        addedAt: Date.now(),
        at: Date.now(),
      };
      photos.set(p.id, p);
      waiting.push(p);
      readNext();
      return view(p, new Map());
    },
    async list(userId) {
      const items = mine(userId).sort((a, b) => a.addedAt - b.addedAt);
      const certs = items.map((p) => p.fields?.certNumber).filter((c): c is string => Boolean(c));
      const onWall = certs.length
        ? new Map(
            (await CardSlot.query(deps.db).select('certNumber', 'slotNumber').where('userId', userId).whereIn('certNumber', certs)).map((r) => [
              r.certNumber!,
              r.slotNumber,
            ]),
          )
        : new Map<string, number>();
      return items.map((p) => view(p, onWall));
    },
    forget(userId, id) {
      const p = photos.get(id);
      if (!p || p.userId !== userId) return false;
      photos.delete(id);
      const i = waiting.indexOf(p);
      if (i >= 0) waiting.splice(i, 1);
      return true;
    },
    idle() {
      if (reading === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
