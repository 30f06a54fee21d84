import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { TCertBatchView, TCertItemView } from '../../../core/contracts/intake.types.ts';
import { PSA_UNAVAILABLE, certItemDone, readCertList } from '../../../core/intake/certs.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { assertCanEditSlots } from '../cards/slot-access.ts';
import type { ImageStore } from '../images/image-store.ts';
import { addCardByCert } from './add-card-by-cert.ts';
import type { PsaClient, TPsaSlab } from './psa-client.ts';

/** Batches a user may have unfinished at once. */
const OPEN_BATCHES_MAX = 3;
/** A finished batch is answered this long, then forgotten. */
const KEEP_MS = 60 * 60 * 1000;
/** Tries of one cert when PSA fails (timeouts, errors, an answer of an unknown shape) before the card is made with its cert only. */
const TRIES = 2;
/** A cert waits out PSA's 429 this many times before the card is made with its cert only. */
const RATE_LIMIT_TRIES = 5;
/** Certs in work at once: enough to keep PSA's rate limit busy while one call is answered. */
const WORKERS = 4;

interface TItem extends TCertItemView {
  tries: number;
  limited: number;
  /** What the lookup found, waiting for its turn to be written (cards go into the wall in the order the certs were typed). */
  ready?: { slab: TPsaSlab | null; photo: Buffer | null; message?: string | undefined } | undefined;
}
interface TBatch {
  id: string;
  userId: number;
  items: TItem[];
  invalid: TCertBatchView['invalid'];
  repeated: string[];
  finishedAt: number | null;
  /** The next item to write, and whether a write is under way. */
  nextWrite: number;
  writing: boolean;
}

export interface CertQueue {
  /** Reads `text`'s certs and queues them; answers at once (202), the cards follow in the background. */
  start(user: User, text: string): Promise<TCertBatchView>;
  /** The batch as it stands; null when it is not the user's or was forgotten. */
  get(userId: number, id: string): TCertBatchView | null;
  /** Resolves when the batch is finished (the CLI waits on it). */
  settled(id: string): Promise<void>;
}

/**
 * Bulk intake by cert (docs/choices.md 42). Each cert becomes a card in the first empty slot: with PSA
 * (PsaClient.available) filled by PSA's record, photo and population; without, holding its cert
 * only. PSA is asked at its rate limit (the client's gate); a request never waits for PSA: the
 * work runs here, in the background, and clients poll the batch. Batches live in this process's
 * memory (a restart forgets unfinished ones; the cards already added stay).
 */
export function createCertQueue(deps: { db: Knex; images: ImageStore; psa: PsaClient; clock: () => Date; log: Logger }): CertQueue {
  const batches = new Map<string, TBatch>();
  const waiting: Array<{ batch: TBatch; item: TItem }> = [];
  const waiters = new Map<string, Array<() => void>>();
  let running = 0;

  const view = (b: TBatch): TCertBatchView => {
    const done = b.items.filter((i) => certItemDone(i.status)).length;
    return {
      id: b.id,
      psa: deps.psa.available,
      notice: deps.psa.available ? null : `${PSA_UNAVAILABLE}: each card is made with its cert number, and you fill in the rest.`,
      done,
      total: b.items.length,
      finished: b.finishedAt !== null,
      items: b.items.map(({ tries: _t, limited: _l, ready: _r, ...item }) => item),
      invalid: b.invalid,
      repeated: b.repeated,
    };
  };

  const forgetOld = () => {
    const now = Date.now();
    for (const [id, b] of batches) if (b.finishedAt !== null && now - b.finishedAt > KEEP_MS) batches.delete(id);
  };

  const checkFinished = (b: TBatch) => {
    if (b.finishedAt === null && !b.writing && b.items.every((i) => certItemDone(i.status) && !i.ready)) {
      b.finishedAt = Date.now();
      for (const w of waiters.get(b.id) ?? []) w();
      waiters.delete(b.id);
    }
  };

  async function write(batch: TBatch, item: TItem): Promise<void> {
    const { slab, photo, message } = item.ready!;
    item.ready = undefined;
    try {
      const card = await addCardByCert({
        db: deps.db,
        images: deps.images,
        userId: batch.userId,
        now: deps.clock(),
        data: slab ? slab.data : { certNumber: item.cert, grader: 'PSA' },
        populationAtGrade: slab?.population ?? null,
        photo,
      });
      Object.assign(item, {
        status: 'added',
        slotNumber: card.slotNumber,
        title: card.title,
        filled: slab !== null,
        photo: card.imageId !== null,
        ...(slab?.population != null ? { population: slab.population } : {}),
        ...(message ? { message } : {}),
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'cert_on_wall') {
        Object.assign(item, { status: 'on_wall', slotNumber: err.extra.slotNumber, message: err.message });
      } else if (err instanceof AppError && err.status === 403) {
        Object.assign(item, { status: 'no_room', message: err.message });
      } else {
        deps.log.error({ err, cert: item.cert }, 'bulk intake: card not added');
        Object.assign(item, { status: 'failed', message: err instanceof AppError ? err.message : 'This card could not be added. Try again.' });
      }
    }
  }

  /** Writes the batch's looked-up cards in the order they were typed, one at a time. */
  async function flush(batch: TBatch): Promise<void> {
    if (batch.writing) return;
    batch.writing = true;
    try {
      while (batch.nextWrite < batch.items.length) {
        const item = batch.items[batch.nextWrite]!;
        if (item.ready) await write(batch, item);
        else if (!certItemDone(item.status)) break;
        batch.nextWrite++;
      }
    } finally {
      batch.writing = false;
      checkFinished(batch);
    }
  }

  /** Marks the item ready to be written (after its lookup); the flush writes it in its turn. */
  async function add(item: TItem, slab: TPsaSlab | null, message?: string): Promise<void> {
    const photo = slab?.frontImageUrl ? await deps.psa.fetchImage(slab.frontImageUrl) : null;
    item.ready = { slab, photo, message };
  }

  async function work(batch: TBatch, item: TItem): Promise<void> {
    item.status = 'looking';
    if (!deps.psa.available) return add(item, null, PSA_UNAVAILABLE);
    const found = await deps.psa.lookup(item.cert);
    if (found.status === 'found') return add(item, found.slab);
    if (found.status === 'not_found') {
      Object.assign(item, { status: 'not_found', message: `PSA has no cert #${item.cert}.` });
      return;
    }
    if (found.status === 'rate_limited' && ++item.limited < RATE_LIMIT_TRIES) {
      item.status = 'queued';
      waiting.unshift({ batch, item });
      return;
    }
    if (found.status === 'unavailable' && ++item.tries < TRIES) {
      item.status = 'queued';
      waiting.push({ batch, item });
      return;
    }
    return add(item, null, PSA_UNAVAILABLE);
  }

  function pump(): void {
    while (running < WORKERS && waiting.length > 0) {
      const next = waiting.shift()!;
      running++;
      void work(next.batch, next.item)
        .catch((err: unknown) => {
          deps.log.error({ err }, 'bulk intake by cert failed');
          Object.assign(next.item, { status: 'failed', message: 'This card could not be added. Try again.' });
        })
        .finally(() => {
          running--;
          void flush(next.batch).catch((err: unknown) => deps.log.error({ err }, 'bulk intake by cert: write failed'));
          pump();
        });
    }
  }

  return {
    async start(user, text) {
      assertCanEditSlots(user, deps.clock(), []);
      forgetOld();
      const open = [...batches.values()].filter((b) => b.userId === user.id && b.finishedAt === null).length;
      if (open >= OPEN_BATCHES_MAX) throw new AppError(429, 'intake_busy', 'Your earlier cert numbers are still being added. Try again when they are done.');
      const list = readCertList(text);
      if (list.certs.length === 0) {
        throw badRequest(
          'no_certs',
          list.invalid.length ? `certs: ${list.invalid[0]!.problem} ("${list.invalid[0]!.text}")` : 'certs: type or paste at least one cert number',
        );
      }
      if (list.certs.length > 500) throw badRequest('too_many_certs', 'certs: at most 500 cert numbers at once');
      // Certs already on the wall are flagged at once (and checked again when each card is written).
      const onWall = new Map(
        (await CardSlot.query(deps.db).select('certNumber', 'slotNumber').where('userId', user.id).whereIn('certNumber', list.certs)).map((r) => [
          r.certNumber!,
          r.slotNumber,
        ]),
      );
      const batch: TBatch = {
        id: randomUUID(),
        userId: user.id,
        invalid: list.invalid,
        repeated: list.repeated,
        finishedAt: null,
        nextWrite: 0,
        writing: false,
        items: list.certs.map((cert) => {
          const slot = onWall.get(cert);
          return slot === undefined
            ? { cert, status: 'queued', tries: 0, limited: 0 }
            : {
                cert,
                status: 'on_wall',
                slotNumber: slot,
                message: `This slab is already on your wall: cert #${cert} is the card in slot ${slot}.`,
                tries: 0,
                limited: 0,
              };
        }),
      };
      batches.set(batch.id, batch);
      for (const item of batch.items) if (item.status === 'queued') waiting.push({ batch, item });
      checkFinished(batch);
      pump();
      return view(batch);
    },
    get(userId, id) {
      const b = batches.get(id);
      return b && b.userId === userId ? view(b) : null;
    },
    settled(id) {
      const b = batches.get(id);
      if (!b || b.finishedAt !== null) return Promise.resolve();
      return new Promise((resolve) => {
        waiters.set(id, [...(waiters.get(id) ?? []), resolve]);
      });
    },
  };
}
