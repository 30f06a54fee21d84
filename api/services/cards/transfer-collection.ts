import { createHash, type Hash } from 'node:crypto';
import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import type { TGalleryCard } from '../../../core/transfer.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { upgradeRequired } from '../../errors.ts';
import { BIG_INPUT, yieldToLoop } from '../../lib/yield.ts';
import { decodeImageDataUrl } from '../analysis/decode-data-url.ts';
import type { ImageStore } from '../images/image-store.ts';
import { processImage, type TProcessedImage } from '../images/process-image.ts';
import { insertImageRow, removeImageFiles, writeImageFiles } from '../images/save-card-image.ts';
import { recordValue } from './card-values.ts';
import { cardColumns } from './card-columns.ts';
import { assertCanEditSlots, lockEditor } from './slot-access.ts';

export type TIncomingCard = Omit<TGalleryCard, 'isEmpty'> & { isEmpty?: boolean | undefined };

export interface TTransferResult {
  transferred: CardSlot[];
  /** Cards already in the gallery from an earlier transfer of the same collection. */
  skipped: number;
}

/** Cards checked and their images sized, ready to be written in a transaction. */
export interface TPreparedTransfer {
  items: Array<{ key: string; card: TIncomingCard; image: TProcessedImage | null }>;
  /** Cards left out because an earlier transfer already brought them. */
  skipped: number;
}

/**
 * Identifies one anonymous card across repeated transfers: the SHA-256 of
 * `JSON.stringify([imageUrl, title, description, value, allTimeHigh])` (the keys stored so far).
 * A photo of several MB is fed to the hash a slice per turn of the event loop, never copied into
 * one JSON string: done at once, that took ~60 ms of one turn per photo (docs/choices.md 43).
 */
export async function transferKey(card: TIncomingCard): Promise<string> {
  const hash = createHash('sha256');
  hash.update('[');
  await updateJsonString(hash, card.imageUrl);
  // '[title,description,value,allTimeHigh]' with its '[' made the ',' after the image.
  hash.update(`,${JSON.stringify([card.title, card.description, card.value, card.allTimeHigh]).slice(1)}`);
  return hash.digest('hex');
}

const HASH_SLICE = 1024 * 1024;

/** Feeds `JSON.stringify(text)` to the hash; a long text a slice at a time, yielding between slices. */
async function updateJsonString(hash: Hash, text: string): Promise<void> {
  if (text.length <= BIG_INPUT) {
    hash.update(JSON.stringify(text));
    return;
  }
  hash.update('"');
  for (let from = 0; from < text.length;) {
    let to = Math.min(from + HASH_SLICE, text.length);
    // A surrogate pair stays whole (escaped apart, each half would read as a lone surrogate).
    const last = text.charCodeAt(to - 1);
    if (to < text.length && last >= 0xd800 && last <= 0xdbff) to--;
    hash.update(JSON.stringify(text.slice(from, to)).slice(1, -1));
    from = to;
    await yieldToLoop();
  }
  hash.update('"');
}

/**
 * Where each new card goes: its own slotNumber when free and within range, else the first free
 * slot. Throws 403 upgrade_required when a card finds no slot within `maxSlots`.
 */
function placeCards<T extends { card: TIncomingCard }>(todo: readonly T[], taken: Set<number>, maxSlots: number): Array<T & { slotNumber: number }> {
  const free = new Set(taken);
  return todo.map((item) => {
    let slotNumber = item.card.slotNumber;
    if (free.has(slotNumber) || slotNumber > maxSlots) {
      slotNumber = 1;
      while (free.has(slotNumber)) slotNumber++;
    }
    if (slotNumber > maxSlots) {
      throw upgradeRequired(`Your gallery has room for ${maxSlots} cards. Upgrade to PRO to bring all your cards in.`);
    }
    free.add(slotNumber);
    return { ...item, slotNumber };
  });
}

/**
 * The cards not yet in the gallery, placed, as the gallery stands now (read with `db`). A card is
 * already there when an earlier transfer brought it, or when its cert is on the wall (the same
 * slab) or on a card before it in the list.
 */
async function planTransfer<T extends { key: string; card: TIncomingCard }>(db: Knex | Knex.Transaction, user: User, now: Date, cards: readonly T[]) {
  const { maxSlots } = accountState(user, now);
  const existing = await CardSlot.query(db).select('slotNumber', 'transferKey', 'certNumber').where('userId', user.id);
  const known = new Set(existing.map((r) => r.transferKey).filter(Boolean));
  const certs = new Set(existing.map((r) => r.certNumber).filter(Boolean));
  const fresh = cards.filter((c) => {
    if (known.has(c.key)) return false;
    const cert = c.card.certNumber;
    if (!cert) return true;
    if (certs.has(cert)) return false;
    certs.add(cert);
    return true;
  });
  const placed = placeCards(fresh, new Set(existing.map((r) => r.slotNumber)), maxSlots);
  assertCanEditSlots(
    user,
    now,
    placed.map((p) => p.slotNumber),
  );
  return placed;
}

/**
 * Checks and sizes the cards' images (CPU work kept out of any transaction). Duplicates within
 * the list count once. With `against` (an existing account), counts and limits are checked first
 * and only the cards that will be written are decoded, so a call that will be refused costs no
 * image work. Throws the image's 4xx when one is not a usable photo.
 */
export async function prepareTransfer(cards: readonly TIncomingCard[], against?: { db: Knex; user: User; now: Date }): Promise<TPreparedTransfer> {
  const unique = new Map<string, TIncomingCard>();
  for (const card of cards) {
    if (card.isEmpty) continue;
    unique.set(await transferKey(card), card);
  }
  let todo = [...unique].map(([key, card]) => ({ key, card }));
  if (against) {
    const planned = new Set((await planTransfer(against.db, against.user, against.now, todo)).map((p) => p.key));
    todo = todo.filter((t) => planned.has(t.key));
  }
  const items: TPreparedTransfer['items'] = [];
  for (const { key, card } of todo) {
    items.push({ key, card, image: card.imageUrl ? await processImage((await decodeImageDataUrl(card.imageUrl)).data) : null });
  }
  return { items, skipped: unique.size - todo.length };
}

/**
 * Writes prepared cards into the user's gallery inside `trx` (docs/product.md §4 "after signup"): each goes to
 * its slotNumber when free, else to the first free slot; a card already transferred is skipped;
 * all within the user's slot limit or nothing (checked again under the user's lock). Image files
 * are written as it goes and their ids pushed onto `written`, so the caller can remove them if the
 * transaction rolls back.
 */
export async function applyTransfer(opts: {
  trx: Knex.Transaction;
  images: ImageStore;
  userId: number;
  now: Date;
  prepared: TPreparedTransfer;
  written: string[];
}): Promise<TTransferResult> {
  const { trx, prepared } = opts;
  const user = await lockEditor(trx, opts.userId, opts.now, []);
  const placed = await planTransfer(trx, user, opts.now, prepared.items);

  const transferred: CardSlot[] = [];
  for (const item of placed) {
    let imageId: string | null = null;
    if (item.image) {
      imageId = await writeImageFiles(opts.images, user.id, item.image);
      opts.written.push(imageId);
      await insertImageRow(trx, user.id, imageId, item.image);
    }
    const card = await CardSlot.query(trx).insertAndFetch({
      userId: user.id,
      slotNumber: item.slotNumber,
      imageId,
      ...cardColumns(null, { ...item.card, value: item.card.value || null, allTimeHigh: item.card.allTimeHigh || null }),
      transferKey: item.key,
      createdAt: opts.now,
      updatedAt: opts.now,
    });
    await recordValue(trx, card, opts.now);
    transferred.push(card);
  }
  return { transferred, skipped: prepared.skipped + prepared.items.length - placed.length };
}

/**
 * Moves anonymous cards into the gallery in one transaction: prepareTransfer, then applyTransfer.
 * Idempotent; all or nothing (one bad image or one slot past the limit and nothing is saved, no
 * file left behind). Counts and limits are checked before any image is decoded. To compose with
 * other writes, call prepareTransfer and applyTransfer in the caller's transaction (as sign-up
 * with a trial does).
 */
export async function transferCollection(opts: { db: Knex; images: ImageStore; user: User; now: Date; cards: TIncomingCard[] }): Promise<TTransferResult> {
  assertCanEditSlots(opts.user, opts.now, []);
  const prepared = await prepareTransfer(opts.cards, { db: opts.db, user: opts.user, now: opts.now });
  const written: string[] = [];
  try {
    return await opts.db.transaction((trx) => applyTransfer({ trx, images: opts.images, userId: opts.user.id, now: opts.now, prepared, written }));
  } catch (err) {
    await removeImageFiles(opts.images, opts.user.id, written);
    throw err;
  }
}
