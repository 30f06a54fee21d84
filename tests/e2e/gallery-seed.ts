import { lockUser } from '../../api/services/accounts/lock-user.ts';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated } from '../helpers/e2e.ts';
import type { TRunningServer } from '../../api/server.ts';

/** A card to seed: what the add-item form would send. */
export interface TSeedCard {
  title: string;
  description?: string;
  value?: string;
  allTimeHigh?: string;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A JPEG of a graded slab (clear case, a label with the card's name and grade, the card art in
 * the given hue), 500x700: enough to tell cards apart in tests and screenshots.
 */
export async function slabJpeg(title: string, hue: number, grade = 'GEM MT 10'): Promise<Buffer> {
  return sharp(slabSvg(title, hue, grade))
    .flatten({ background: '#3a3a40' })
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** The same slab as a PNG with a transparent surround, as a cut-out product photo. */
export async function slabPng(title: string, hue: number, grade = 'GEM MT 10'): Promise<Buffer> {
  return sharp(slabSvg(title, hue, grade))
    .png()
    .toBuffer();
}

function slabSvg(title: string, hue: number, grade: string): Buffer {
  const [line1 = '', line2 = ''] = splitTitle(title);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="700" viewBox="0 0 500 700">
  <defs>
    <linearGradient id="case" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9edf2"/><stop offset="1" stop-color="#b9c1cc"/></linearGradient>
    <linearGradient id="art" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,22%)"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect x="6" y="6" width="488" height="688" rx="26" fill="url(#case)" stroke="#8d96a3" stroke-width="4"/>
  <rect x="34" y="30" width="432" height="112" rx="8" fill="#fbfbf8" stroke="#b3261e" stroke-width="6"/>
  <text x="54" y="70" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" font-weight="bold" fill="#1c1c1c">${escape(line1)}</text>
  <text x="54" y="102" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#1c1c1c">${escape(line2)}</text>
  <text x="446" y="128" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" font-weight="bold" fill="#b3261e">${escape(grade)}</text>
  <rect x="58" y="168" width="384" height="496" rx="6" fill="url(#art)" stroke="#f4f1e6" stroke-width="10"/>
  <circle cx="250" cy="380" r="118" fill="url(#glow)"/>
  <circle cx="250" cy="330" r="58" fill="hsl(${hue},40%,15%)" fill-opacity="0.55"/>
  <path d="M150 560 Q250 400 350 560 Z" fill="hsl(${hue},40%,15%)" fill-opacity="0.55"/>
  <rect x="58" y="600" width="384" height="64" fill="#000" fill-opacity="0.35"/>
  <text x="250" y="642" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="26" font-weight="bold" fill="#fff">${escape(line2 || line1)}</text>
</svg>`;
  return Buffer.from(svg);
}

function splitTitle(title: string): [string, string] {
  const words = title.split(' ');
  const cut = Math.min(2, words.length - 1);
  return [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
}

/** Registers a user in this browser context (the session cookie lands in it). */
export async function signUp(context: BrowserContext, email: string, firstName = 'Casey', lastName = 'Collector'): Promise<{ id: number }> {
  const res = await context.request.post('/api/register', { data: { email, password: 'secret-pass-1', firstName, lastName } });
  if (!res.ok()) throw new Error(`register ${email}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

/** Starts the 7-day trial for the context's user. */
export async function startTrial(context: BrowserContext): Promise<void> {
  const res = await context.request.post('/api/start-free-trial');
  if (!res.ok()) throw new Error(`start trial: ${res.status()} ${await res.text()}`);
}

/** Uploads a card into a slot through the API. */
export async function seedCard(context: BrowserContext, slot: number, card: TSeedCard, image: Buffer): Promise<void> {
  const png = image[0] === 0x89;
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    image: { name: `card-${slot}.${png ? 'png' : 'jpg'}`, mimeType: png ? 'image/png' : 'image/jpeg', buffer: image },
  };
  for (const [key, value] of Object.entries(card)) if (value) multipart[key] = value;
  const res = await context.request.post(`/api/cards/${slot}/upload`, { multipart });
  if (!res.ok()) throw new Error(`upload slot ${slot}: ${res.status()} ${await res.text()}`);
}

/** Sample cards for seeding walls. */
export const SAMPLE_CARDS: TSeedCard[] = [
  { title: '2018 Prizm Luka Doncic #280', description: 'PSA 10 GEM MT', value: '$1,250', allTimeHigh: '$2,400' },
  { title: '2003 Topps Chrome LeBron James #111', description: 'PSA 9 MINT', value: '$4,800', allTimeHigh: '$6,500' },
  { title: '2011 Topps Update Mike Trout #US175', description: 'PSA 10 GEM MT', value: '$3,100', allTimeHigh: '$4,200' },
  { title: '1986 Fleer Michael Jordan #57', description: 'PSA 8 NM-MT', value: '$9,500', allTimeHigh: '$12,000' },
  { title: '2000 Playoff Contenders Tom Brady #144', description: 'BGS 9', value: '$2,200' },
  { title: '2020 Prizm Justin Herbert #325', description: 'PSA 10 GEM MT', value: '$340', allTimeHigh: '$610' },
  { title: '2017 Panini Patrick Mahomes #327', description: 'PSA 10 GEM MT', value: '$880', allTimeHigh: '$1,150' },
  { title: '2019 Prizm Zion Williamson #248', description: 'PSA 9 MINT', value: '$150', allTimeHigh: '$420' },
];

/**
 * Fills slots 1..count of a user straight in the database, every card pointing at one already
 * uploaded image (the API would take minutes for 1,000 photos; the page cannot tell).
 */
export async function fillSlotsInDb(server: { deps: Pick<TRunningServer['deps'], 'db'> }, userId: number, count: number, imageId: string): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({
    user_id: userId,
    slot_number: i + 1,
    image_id: imageId,
    title: `Card ${i + 1}`,
    description: 'PSA 9 MINT',
    value: `$${(i % 40) * 25 + 50}`,
    value_cents: ((i % 40) * 25 + 50) * 100,
  }));
  // Like every gallery write, in a transaction that locks the user and bumps the gallery version.
  await server.deps.db.transaction(async (trx) => {
    await lockUser(trx, userId);
    for (let i = 0; i < rows.length; i += 200) await trx('card_slots').insert(rows.slice(i, i + 200));
  });
}

/** Opens /gallery and waits until its islands have hydrated and the wall has loaded. */
export async function openGallery(page: Page): Promise<void> {
  await page.goto('/gallery');
  await hydrated(page);
  await page.getByTestId('slot-grid').and(page.locator(':not([aria-busy])')).waitFor();
}
