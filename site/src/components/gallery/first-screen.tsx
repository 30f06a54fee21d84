/**
 * /gallery's first screen drawn on the server: the page's own React tree (GalleryPage) rendered to
 * HTML with the signed-in user, the first page of cards and the wall's look from its cookie, so the
 * photos, placards and banners of the first rows are in the HTML and the browser hydrates them
 * (mount.tsx) without a flash. Built for Node by site/build/server-modules.ts into
 * dist/server/first-screen.mjs and called by api/routes/gallery/gallery-page.ts.
 *
 * The stores are module state, shared by every request this process serves: each render sets
 * them, renders synchronously (renderToString has no await, so no other request runs in between)
 * and puts them back as they were, so nothing of one user's wall outlives their render.
 */
import type { ReadableAtom } from 'nanostores';
import { renderToString } from 'react-dom/server';
import type { TSlotView } from '../../../../core/contracts/cards.types.ts';
import type { TUserView } from '../../../../core/contracts/user.types.ts';
import { $cards, $cardsKnownUpTo, $cardsState, takeFirstPage } from '../../stores/gallery.ts';
import { $settings } from '../../stores/gallery-layout.ts';
import { $collectionName } from '../../stores/gallery-settings.ts';
import { $user } from '../../stores/user.ts';
import { parseWallCookie, type TWallLook } from '../../stores/wall-cookie.ts';
import GalleryPage from './GalleryPage.tsx';

type TWritable = ReadableAtom<unknown> & { set(value: unknown): void };
/** Every store a render reads, as a fresh process holds it. */
const STORES = [$user, $cards, $cardsState, $cardsKnownUpTo, $settings, $collectionName] as unknown as TWritable[];

export interface TFirstScreenInput {
  /** The signed-in user as GET /api/user answers. */
  user: TUserView;
  /** The first page of cards as GET /api/cards?limit=60 answers. */
  cards: readonly TSlotView[];
  /** The wall cookie's value (core/first-screen.ts WALL_COOKIE), if the browser sent one. */
  wallCookie: string | undefined;
}

/** The first screen's HTML, and the look it was drawn with (the page carries it for the browser's first render). */
export function renderFirstScreen(input: TFirstScreenInput): { html: string; look: TWallLook } {
  const look = parseWallCookie(input.wallCookie);
  const before = STORES.map((store) => store.get());
  try {
    $user.set(input.user);
    takeFirstPage(input.cards);
    $settings.set(look.settings);
    $collectionName.set(look.title);
    return { html: renderToString(<GalleryPage />), look };
  } finally {
    STORES.forEach((store, i) => store.set(before[i]));
  }
}
