/**
 * The owner's share link (docs/choices.md 29): the live link as the server answers it, and the only
 * functions that change it. The server answers its address to its owner on any device (the token
 * is kept sealed, docs/choices.md 47); for a link made before that, the address this browser remembered
 * (localStorage) when it made it.
 */
import { atom } from 'nanostores';
import type { TCreateShare, TShareLink, TUpdateShare } from '../../../core/contracts/share.types.ts';
import { callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import { attempt } from './attempt.ts';
import { toast } from './toast.ts';

/** localStorage key of the last link this browser made: { createdAt, url }. */
export const SHARE_URL_KEY = 'ratio-share-link';

/** The live link (url from the server, or for an older link when this browser made it); null when none; undefined until loaded. */
export const $shareLink = atom<TShareLink | null | undefined>(undefined);
/** A call under way: which, so the dialog can show its busy label. */
export const $shareBusy = atom<'load' | 'create' | 'update' | 'revoke' | null>(null);

function rememberUrl(link: TShareLink): void {
  try {
    if (link.url) localStorage.setItem(SHARE_URL_KEY, JSON.stringify({ createdAt: link.createdAt, url: link.url }));
  } catch {
    // Storage blocked: the link can still be copied now.
  }
}

/** The url this browser kept for the live link, if it made it. */
function rememberedUrl(link: TShareLink): string | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SHARE_URL_KEY) ?? 'null');
    if (saved && typeof saved === 'object' && 'createdAt' in saved && 'url' in saved && saved.createdAt === link.createdAt && typeof saved.url === 'string')
      return saved.url;
  } catch {
    // A corrupt entry counts as none.
  }
  return null;
}

function forgetUrl(): void {
  try {
    localStorage.removeItem(SHARE_URL_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** A share call with its busy label on meanwhile; undefined when it failed (an error toast shows). */
function run<T extends NonNullable<unknown> | null>(
  busy: NonNullable<ReturnType<typeof $shareBusy.get>>,
  call: () => Promise<T>,
  failure: string,
): Promise<T | undefined> {
  return attempt({ failure, pending: (on) => $shareBusy.set(on ? busy : null) }, call);
}

/** Reads the live link (GET /api/share). */
export async function loadShareLink(): Promise<void> {
  const link = await run('load', () => callApi(API.getShare), 'Failed to load your share link');
  if (link === undefined) return;
  $shareLink.set(link && { ...link, url: link.url ?? rememberedUrl(link) });
}

/** Makes a new link (any live one stops working). */
export async function createShareLink(input: TCreateShare): Promise<boolean> {
  const link = await run('create', () => callApi(API.createShare, { body: input }), 'Failed to create share link');
  if (!link) return false;
  rememberUrl(link);
  $shareLink.set(link);
  return true;
}

/** Changes what the live link shows; the link stays the same. */
export async function updateShareLink(input: TUpdateShare): Promise<boolean> {
  const link = await run('update', () => callApi(API.updateShare, { body: input }), 'Failed to update share link');
  if (!link) return false;
  $shareLink.set({ ...link, url: link.url ?? $shareLink.get()?.url ?? null });
  return true;
}

/** Revokes the live link: it then shows the not-found page. */
export async function revokeShareLink(): Promise<boolean> {
  const done = await run('revoke', () => callApi(API.revokeShare), 'Failed to revoke share link');
  if (!done) return false;
  forgetUrl();
  $shareLink.set(null);
  toast({ title: 'Link Revoked', description: 'The old link now shows nothing of your wall.', variant: 'success' });
  return true;
}

/** Copies the link to the clipboard, with a toast either way. */
export async function copyShareLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link Copied', description: 'Anyone with the link can view your wall.', variant: 'success' });
  } catch {
    toast({ title: 'Copy Failed', description: 'Select the link and copy it yourself.', variant: 'error' });
  }
}
