/**
 * Contracts of the share calls (docs/choices.md 10, 29): the owner's POST/PATCH/GET/DELETE
 * /api/share, and what a visitor of a share link reads. The API and the site both import them.
 */
import { z } from 'zod';
import { CUSTOM_DEFAULT, LAYOUTS, type TLayoutId } from '../gallery.ts';
import { PRO_SLOTS } from '../limits.ts';
import type { TCardFact } from '../cards/facts.ts';

/** The gallery's default title (docs/product.md §2 /gallery). */
const DEFAULT_TITLE = 'My Collection';
/** Longest wall title a link carries. */
export const SHARE_TITLE_MAX = 100;

const ZLayout = z.enum(LAYOUTS.map((l) => l.id) as [TLayoutId, ...TLayoutId[]]);
const ZTitle = z
  .string()
  .trim()
  .max(SHARE_TITLE_MAX, `must be at most ${SHARE_TITLE_MAX} characters`)
  .transform((t) => t || DEFAULT_TITLE);
const ZCustomCount = z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(PRO_SLOTS, `must be at most ${PRO_SLOTS}`);

/**
 * POST /api/share: makes a new link (any live one is revoked). The title and layout are kept in the
 * owner's browser (docs/product.md §2), so the dialog sends them; the link shows the wall as they were.
 */
export const ZCreateShare = z.object({
  showValues: z.boolean('must be true or false'),
  /** The link shows the owner's first name: off unless they opt in (docs/choices.md 47 item 6). */
  showOwnerName: z.boolean('must be true or false').default(false),
  title: ZTitle.default(DEFAULT_TITLE),
  layout: ZLayout.default('4x5'),
  customCount: ZCustomCount.default(CUSTOM_DEFAULT),
});
export type TCreateShare = z.infer<typeof ZCreateShare>;

/** PATCH /api/share: changes what the live link shows; the link itself stays the same. */
export const ZUpdateShare = z.object({
  showValues: z.boolean('must be true or false').optional(),
  showOwnerName: z.boolean('must be true or false').optional(),
  title: ZTitle.optional(),
  layout: ZLayout.optional(),
  customCount: ZCustomCount.optional(),
});
export type TUpdateShare = z.infer<typeof ZUpdateShare>;

/** A share link token in a path: 43 characters of base64url (256 bits). */
export const ZShareToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a share token');

/**
 * The owner's live link. The server keeps the token's keyed hash and the token sealed with a key of
 * its own (docs/choices.md 47), so POST, GET and PATCH all answer its `url` to its owner, on any device; `url`
 * is null only for a link made before tokens were sealed (the site then offers the one it remembers).
 */
export interface TShareLink {
  url: string | null;
  showValues: boolean;
  showOwnerName: boolean;
  title: string;
  layout: TLayoutId;
  customCount: number;
  createdAt: string;
}

/** GET /api/share: the live link, or null. */
export type TShareAnswer = TShareLink | null;

/** A card on a shared wall: only what the wall shows (no ids but the shared photo's). */
export interface TSharedCard {
  slotNumber: number;
  title: string;
  description: string;
  /** The value as the owner typed it, formatted when it has a number; null when hidden or unset. */
  value: string | null;
  allTimeHigh: string | null;
  /** Photo variants read through the share; null when the card has no photo. */
  thumbUrl: string | null;
  imageUrl: string | null;
  /** The short grade for the placard ('PSA 10', 'Raw'); null without one (docs/choices.md 39). */
  grade: string | null;
  /** What the card is and its grade, for the viewer (never the cert or what the owner paid). */
  facts: TCardFact[];
}

/** The registry figures a shared wall shows: counts always, money only with values shown. */
export interface TSharedFigures {
  acquisitions: number;
  completionPercent: number;
  totalCents: number | null;
  valued: number | null;
  averageCents: number | null;
  allTimeHighCents: number | null;
  tracked: number | null;
}

/** GET /api/share/{token}: the wall a link shows (no email, no account data). */
export interface TSharedWall {
  title: string;
  layout: TLayoutId;
  /** Columns of the layout (null: as many as fit). */
  columns: number | null;
  /** Slots the wall shows (the layout's count); cards past it are not on the wall. */
  slotCount: number;
  showValues: boolean;
  /** The owner's first name, only when they opted in on the share (docs/choices.md 47 item 6); else null. */
  ownerFirstName: string | null;
  figures: TSharedFigures;
  /** Filled slots within slotCount, in slot order. */
  cards: TSharedCard[];
  /** Every card the owner holds, on this wall or past its slots (docs/choices.md 47: the page says what it shows). */
  cardCount: number;
  /** The preview image (1200x630 PNG), path on this site. */
  previewUrl: string;
}

/** What the server hands the page /share/{token} (Astro.locals.sharedPage), from api/routes/share/share-page.ts. */
export interface TSharedPageLocals {
  wall: TSharedWall;
  /** The link's public address (og:url). */
  url: string;
  /** The preview image's public address (og:image, twitter:image). */
  imageUrl: string;
}

/** A shared link's token in a path. */
export const ZShareTokenParams = z.object({ token: ZShareToken });

/** A photo on a shared link: GET /api/share/{token}/images/{id}/{variant}. */
export const ZShareImageParams = z.object({ token: ZShareToken, id: z.uuid(), variant: z.enum(['thumb', 'large']) });
