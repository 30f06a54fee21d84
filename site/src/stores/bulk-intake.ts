/**
 * Bulk intake on /gallery (docs/choices.md 42): the "Bulk add" dialog's state and its only calls. By cert:
 * the certs go to POST /api/intake/certs and the batch is polled until done (the server adds the
 * cards in the background, at PSA's rate limit). By photo: each photo is sent to the reader's
 * queue (POST /api/intake/photos), the queue is polled, and each card the collector accepts is
 * saved at once through the card upload (so closing the tab loses nothing accepted).
 */
import { atom } from 'nanostores';
import { cardAutofill } from '../../../core/analysis/autofill.ts';
import { cardDataOf } from '../../../core/cards/card-data.ts';
import { CARD_FORM_LABELS, EMPTY_CARD_FORM, readCardForm, uploadFieldsOf, type TCardForm, type TCardFormKey } from '../../../core/cards/form.ts';

import type { TCertBatchView, TPhotoItemView } from '../../../core/contracts/intake.types.ts';
import { ApiError, callApi, errorMessage } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import { checkImageFile } from '../lib/image.ts';
import { $cards, loadCards, putSlots } from './gallery.ts';

/** Most photos in one go. */
export const PHOTO_MAX = 50;
const POLL_MS = 800;

export type TBulkTab = 'certs' | 'photos';
export const $bulk = atom<{ open: boolean; tab: TBulkTab }>({ open: false, tab: 'certs' });
/** Whether PSA's cert API is configured on the server (null until known). */
export const $psaAvailable = atom<boolean | null>(null);

export function openBulk(tab: TBulkTab = $bulk.get().tab): void {
  $bulk.set({ open: true, tab });
  void refreshPhotos();
}
export function closeBulk(): void {
  $bulk.set({ ...$bulk.get(), open: false });
}
export function showTab(tab: TBulkTab): void {
  $bulk.set({ ...$bulk.get(), tab });
}

/* ---------- By cert ---------- */

export const $certs = atom<{ text: string; sending: boolean; problem: string; batch: TCertBatchView | null }>({
  text: '',
  sending: false,
  problem: '',
  batch: null,
});

export function setCertText(text: string): void {
  $certs.set({ ...$certs.get(), text, problem: '' });
}

let certTimer: ReturnType<typeof setTimeout> | null = null;

async function pollCerts(id: string, added: number): Promise<void> {
  certTimer = null;
  let batch: TCertBatchView;
  try {
    batch = await callApi(API.certBatch, { params: { id } });
  } catch (err) {
    $certs.set({ ...$certs.get(), problem: errorMessage(err, 'Lost track of the cert numbers being added. The cards already added are on your wall.') });
    void loadCards();
    return;
  }
  if ($certs.get().batch?.id !== id) return;
  $certs.set({ ...$certs.get(), batch });
  const nowAdded = batch.items.filter((i) => i.status === 'added').length;
  // The wall follows as cards are added.
  if (nowAdded !== added || batch.finished) void loadCards();
  if (!batch.finished) certTimer = setTimeout(() => void pollCerts(id, nowAdded), POLL_MS);
}

/** Sends the typed certs; the batch then follows by polling. */
export async function sendCerts(): Promise<void> {
  const state = $certs.get();
  if (state.sending || !state.text.trim()) {
    if (!state.text.trim()) $certs.set({ ...state, problem: 'Type, paste or scan at least one cert number.' });
    return;
  }
  $certs.set({ ...state, sending: true, problem: '' });
  try {
    const batch = await callApi(API.startCertIntake, { body: { certs: state.text } });
    $psaAvailable.set(batch.psa);
    $certs.set({ text: '', sending: false, problem: '', batch });
    if (certTimer) clearTimeout(certTimer);
    if (batch.finished) void loadCards();
    else certTimer = setTimeout(() => void pollCerts(batch.id, 0), POLL_MS);
  } catch (err) {
    $certs.set({ ...$certs.get(), sending: false, problem: errorMessage(err, 'The cert numbers could not be sent. Please try again.') });
  }
}

/* ---------- By photo ---------- */

export type TPhotoPhase = 'sending' | TPhotoItemView['status'] | 'saving' | 'accepted' | 'skipped' | 'refused';

/** One photo of the review grid. */
export interface TPhotoEntry {
  key: string;
  file: File;
  url: string;
  phase: TPhotoPhase;
  serverId: string | null;
  ahead: number | null;
  form: TCardForm;
  doubtful: ReadonlySet<TCardFormKey>;
  /** The name of the photo this one is a copy of. */
  duplicateOf: string | null;
  /** The slot already holding the cert read from this photo. */
  certOnWall: number | null;
  /** Why it was not read or not saved, or where it went. */
  message: string;
  slotNumber: number | null;
}

export const $photos = atom<readonly TPhotoEntry[]>([]);
let photoTimer: ReturnType<typeof setTimeout> | null = null;
let keys = 0;

function patchPhoto(key: string, patch: Partial<TPhotoEntry>): void {
  $photos.set($photos.get().map((p) => (p.key === key ? { ...p, ...patch } : p)));
}
const open = (p: TPhotoEntry) => p.phase === 'sending' || p.phase === 'queued' || p.phase === 'reading';

function fromServer(p: TPhotoEntry, item: TPhotoItemView): Partial<TPhotoEntry> {
  const patch: Partial<TPhotoEntry> = { ahead: item.ahead ?? null, certOnWall: item.certOnWall ?? null };
  if (p.phase === 'queued' || p.phase === 'reading' || p.phase === 'sending') {
    patch.phase = item.status;
    if (item.status === 'read' && item.fields) {
      const { fill, doubtful } = cardAutofill(cardDataOf(item.fields), item.fieldConfidence);
      patch.form = { ...EMPTY_CARD_FORM, ...fill };
      patch.doubtful = doubtful;
    }
    if (item.message) patch.message = item.message;
  }
  return patch;
}

/** Asks for the queue's state while photos are waiting or being read. */
export async function refreshPhotos(): Promise<void> {
  if (photoTimer) clearTimeout(photoTimer);
  photoTimer = null;
  try {
    const answer = await callApi(API.intakePhotos);
    $psaAvailable.set(answer.psa);
    const byId = new Map(answer.items.map((i) => [i.id, i]));
    $photos.set(
      $photos.get().map((p) => {
        const item = p.serverId ? byId.get(p.serverId) : undefined;
        return item ? { ...p, ...fromServer(p, item) } : p;
      }),
    );
  } catch {
    // Asked again below while photos are open; a signed-out page shows its own message.
  }
  if ($photos.get().some((p) => p.phase === 'queued' || p.phase === 'reading')) photoTimer = setTimeout(() => void refreshPhotos(), POLL_MS);
}

/** Adds picked or dropped photos (up to PHOTO_MAX waiting at once) and sends them to the reader's queue, one after another. */
export async function addPhotos(files: readonly File[]): Promise<string> {
  const waiting = $photos.get().filter(open).length;
  const room = Math.max(0, PHOTO_MAX - waiting);
  const taken = files.slice(0, room);
  const entries: TPhotoEntry[] = taken.map((file) => ({
    key: `p${++keys}`,
    file,
    url: URL.createObjectURL(file),
    phase: 'sending',
    serverId: null,
    ahead: null,
    form: EMPTY_CARD_FORM,
    doubtful: new Set(),
    duplicateOf: null,
    certOnWall: null,
    message: '',
    slotNumber: null,
  }));
  $photos.set([...$photos.get(), ...entries]);
  for (const entry of entries) {
    const problem = checkImageFile(entry.file);
    if (problem) {
      patchPhoto(entry.key, {
        phase: 'failed',
        message: problem === 'size' ? 'This photo is larger than 10 MB.' : 'This file is not a JPEG, PNG, WebP or HEIC photo.',
      });
      continue;
    }
    const form = new FormData();
    form.append('name', entry.file.name || 'photo');
    form.append('image', entry.file, entry.file.name || 'photo.jpg');
    try {
      const item = await callApi(API.addIntakePhoto, { body: form });
      const original = item.duplicateOf ? $photos.get().find((p) => p.serverId === item.duplicateOf && p.key !== entry.key) : undefined;
      if (original) {
        patchPhoto(entry.key, {
          phase: 'skipped',
          serverId: null,
          duplicateOf: original.file.name || 'another photo',
          message: `The same photo as ${original.file.name || 'another one'}.`,
        });
      } else {
        const current = $photos.get().find((p) => p.key === entry.key)!;
        patchPhoto(entry.key, { serverId: item.id, ...fromServer(current, item) });
      }
    } catch (err) {
      patchPhoto(entry.key, { phase: 'failed', message: errorMessage(err, 'This photo could not be sent. Please try again.') });
    }
    if (!photoTimer) photoTimer = setTimeout(() => void refreshPhotos(), POLL_MS);
  }
  return files.length > taken.length
    ? `${files.length - taken.length} photo${files.length - taken.length === 1 ? ' was' : 's were'} left out: at most ${PHOTO_MAX} are read at a time.`
    : '';
}

export function editPhotoField(key: string, field: TCardFormKey, value: string): void {
  const p = $photos.get().find((e) => e.key === key);
  if (!p) return;
  const doubtful = new Set(p.doubtful);
  doubtful.delete(field);
  patchPhoto(key, { form: { ...p.form, [field]: value }, doubtful });
}

function forgetOnServer(p: TPhotoEntry): void {
  if (p.serverId) void callApi(API.forgetIntakePhoto, { params: { id: p.serverId } }).catch(() => undefined);
}

/** Leaves a photo out (it can be taken back while nothing was saved). */
export function skipPhoto(key: string): void {
  const p = $photos.get().find((e) => e.key === key);
  if (!p || p.phase === 'accepted' || p.phase === 'saving') return;
  patchPhoto(key, { phase: 'skipped', message: p.duplicateOf ? p.message : 'Skipped.' });
  forgetOnServer(p);
}

/** The first empty slot of the wall (the server checks it again and answers with the tier's words when there is none). */
function freeSlot(maxSlots: number, saving: ReadonlySet<number>): number {
  const cards = $cards.get();
  for (let n = 1; n <= maxSlots; n++) if (!cards.has(n) && !saving.has(n)) return n;
  return maxSlots + 1;
}
const savingSlots = new Set<number>();

/** Saves the photo's card at once in the first empty slot; true when saved. */
export async function acceptPhoto(key: string, maxSlots: number): Promise<boolean> {
  const p = $photos.get().find((e) => e.key === key);
  if (!p || (p.phase !== 'read' && p.phase !== 'failed' && p.phase !== 'refused')) return false;
  const read = readCardForm(p.form);
  const bad = Object.entries(read.problems) as Array<[TCardFormKey, string]>;
  if (bad.length > 0) {
    patchPhoto(key, { phase: p.phase, message: `${CARD_FORM_LABELS[bad[0]![0]]}: ${bad[0]![1]}` });
    return false;
  }
  const slot = freeSlot(maxSlots, savingSlots);
  savingSlots.add(slot);
  patchPhoto(key, { phase: 'saving', message: '' });
  const form = new FormData();
  form.append('image', p.file, p.file.name || 'card.jpg');
  for (const [k, v] of Object.entries(uploadFieldsOf(read.data))) if (v) form.append(k, v);
  try {
    const card = await callApi(API.uploadCard, { params: { slot }, body: form });
    putSlots([card]);
    patchPhoto(key, { phase: 'accepted', slotNumber: card.slotNumber, message: `Saved to slot ${card.slotNumber}.` });
    forgetOnServer(p);
    return true;
  } catch (err) {
    const onWall = err instanceof ApiError && err.code === 'cert_on_wall' ? Number((err.body?.error as { slotNumber?: number } | undefined)?.slotNumber) : null;
    patchPhoto(key, { phase: 'refused', certOnWall: onWall ?? p.certOnWall, message: errorMessage(err, 'This card could not be saved. Please try again.') });
    return false;
  } finally {
    savingSlots.delete(slot);
  }
}

/** Empties the review grid of what is done (accepted, skipped). */
export function clearDone(): void {
  const [done, kept] = [
    $photos.get().filter((p) => p.phase === 'accepted' || p.phase === 'skipped'),
    $photos.get().filter((p) => p.phase !== 'accepted' && p.phase !== 'skipped'),
  ];
  for (const p of done) URL.revokeObjectURL(p.url);
  $photos.set(kept);
}
