/**
 * docs/choices.md 34: /gallery comes with the signed-in user's first page of cards written in (the page's
 * inline script reads it instead of asking) and the first row's thumbnails preloaded. Runs against
 * the stand-in build (tests/helpers/fake-site.ts), whose /gallery holds the same preload to fill.
 */
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import { FIRST_PAGE, FIRST_PAGE_ELEMENT_ID, FIRST_PAGE_PATH, FIRST_THUMBS, USER_ELEMENT_ID } from '../../core/first-screen.ts';
import { fillSlotsInDb } from '../e2e/gallery-seed.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { fakePageCsp, fakeSiteDir } from '../helpers/fake-site.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerTrialUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
let siteDir: string;
let photo: Buffer;
beforeAll(async () => {
  siteDir = await fakeSiteDir();
  srv = await startTestServer({ siteDir, rateLimitScale: 100 });
  photo = await jpegWithExif(600, 840, 1);
});
afterAll(async () => {
  await srv?.close();
  await fs.rm(siteDir, { recursive: true, force: true });
});

const upload = (client: TestClient, slot: number, fields: Record<string, string> = {}) =>
  client.request<TSlotView & TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, fields));

/** The JSON a `<script type="application/json">` of the page holds, or null. */
const written = <T>(html: string, id: string): T | null => {
  const element = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, 's').exec(html);
  return element ? (JSON.parse(element[1]!) as T) : null;
};

/** The page as the browser gets it, and the user and the first page of cards written into it (or null). */
async function galleryPage(
  client: TestClient,
  path = '/gallery',
): Promise<{ res: Response; html: string; firstPage: TSlotView[] | null; user: TUserView | null }> {
  const res = await fetch(srv.url + path, { headers: { cookie: client.cookieHeader }, redirect: 'manual' });
  const html = await res.text();
  return { res, html, firstPage: written(html, FIRST_PAGE_ELEMENT_ID), user: written(html, USER_ELEMENT_ID) };
}

const apiFirstPage = async (client: TestClient) => (await client.get<TSlotView[]>(FIRST_PAGE_PATH)).body;
const preloadedImages = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1]);

describe('GET /gallery for a signed-in collector', () => {
  it('carries the user as GET /api/user answers, the first page of cards as GET /api/cards?limit=60 does, and preloads the first row of thumbnails', async () => {
    const { client } = await registerTrialUser(srv);
    for (const slot of [3, 1, 12]) expect((await upload(client, slot, { title: `Card ${slot}` })).status).toBe(201);

    const { res, html, firstPage, user } = await galleryPage(client);
    expect(user).toEqual((await client.get<TUserView>('/api/user')).body);
    expect(user).toMatchObject({ isTrialActive: true, hasProFeatures: true });
    // Neither is asked for again: the page's preloads of both are gone.
    expect(html).not.toContain('href="/api/user"');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toBe(fakePageCsp('/gallery'));
    expect(firstPage).toEqual(await apiFirstPage(client));
    expect(firstPage!.map((c) => c.slotNumber)).toEqual([1, 3, 12]);
    expect(preloadedImages(html)).toEqual(firstPage!.map((c) => c.thumbUrl));
    // The page's own request for the first page is gone: its answer is already there.
    expect(html).not.toContain(`href="${FIRST_PAGE_PATH}"`);
    expect(html).toContain('<p>page /gallery</p>');

    // A change shows on the next load (the cache follows the gallery version).
    await client.delete('/api/cards/3');
    expect((await galleryPage(client, '/gallery.html')).firstPage!.map((c) => c.slotNumber)).toEqual([1, 12]);
  });

  it('of a large wall carries the first 60 cards and preloads the first 8 thumbnails only', async () => {
    const { client, user } = await registerTrialUser(srv);
    const first = await upload(client, 500);
    const imageId = /\/api\/images\/([^/]+)\//.exec(first.body.thumbUrl!)![1]!;
    await fillSlotsInDb(srv, user.id, 200, imageId);
    const { html, firstPage } = await galleryPage(client);
    expect(firstPage!.map((c) => c.slotNumber)).toEqual(Array.from({ length: FIRST_PAGE }, (_, i) => i + 1));
    expect(preloadedImages(html)).toHaveLength(FIRST_THUMBS);
  });

  it('writes card text so that it cannot end the element or the page: it reads back as it was typed', async () => {
    const { client } = await registerTrialUser(srv);
    const title = '</script><script>alert(1)</script><!-- "x" & \u2028';
    expect((await upload(client, 1, { title })).status).toBe(201);
    expect((await client.patch('/api/auth/user', { firstName: '</script><b>Eve', lastName: 'Smith' })).status).toBe(200);
    const { html, firstPage, user } = await galleryPage(client);
    expect(firstPage![0]!.title).toBe(title);
    expect(user!.firstName).toBe('</script><b>Eve');
    expect(html).not.toContain('<b>Eve');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('shows each collector only their own cards, an empty wall as an empty list, and nobody signed out', async () => {
    const a = await registerTrialUser(srv);
    const b = await registerTrialUser(srv);
    await upload(a.client, 1, { title: 'Only for A' });
    const seenByB = await galleryPage(b.client);
    expect(seenByB.firstPage).toEqual([]);
    expect(seenByB.user!.email).toBe(b.user.email);
    expect(seenByB.html).not.toContain('Only for A');
    expect(preloadedImages(seenByB.html)).toEqual([]);

    const out = await fetch(`${srv.url}/gallery`, { redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/auth');
    expect(await out.text()).not.toContain(FIRST_PAGE_ELEMENT_ID);
  });
});
