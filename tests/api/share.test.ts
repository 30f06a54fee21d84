import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TShareLink, TSharedWall } from '../../core/contracts/share.types.ts';
import { DAY_MS } from '../../core/limits.ts';
import { publicUrl } from '../../api/env.ts';
import { Share } from '../../db/models/Share.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { accountWithClient, addCards, signedIn } from '../helpers/factories.ts';
import { SHARE_SEAL, sealToken } from '../../api/lib/tokens.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerTrialUser, startTestServer, type TTestServer } from '../helpers/server.ts';

/** Share links (docs/choices.md 10, 29): create, revoke, what a visitor without an account can and cannot read, the preview image. */

let srv: TTestServer;
let photo: Buffer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
  photo = await jpegWithExif(300, 420);
});
afterAll(async () => {
  await srv?.close();
});

type TLinkBody = TShareLink & TApiBody;
const createLink = (client: TestClient, body: Record<string, unknown> = { showValues: true }) => client.post<TLinkBody>('/api/share', body);
/** The link's token, from the url POST answers. */
const tokenOf = (url: string | null) => {
  const match = /\/share\/([A-Za-z0-9_-]{43})$/.exec(url ?? '');
  if (!match?.[1]) throw new Error(`not a share url: ${url}`);
  return match[1];
};
/** A visitor with no account and no cookie. */
const visit = (path: string, headers: Record<string, string> = {}) => fetch(srv.url + path, { headers });
const upload = (client: TestClient, slot: number, fields: Record<string, string>) =>
  client.request<TSlotView & TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, fields));

describe('creating and revoking a link', () => {
  it('gives a trial user one live link (token stored hashed and sealed), replaces it on a new POST, revokes it, and makes a new one after', async () => {
    const { client } = await registerTrialUser(srv);
    expect((await client.get('/api/share')).body).toBeNull();

    const first = await createLink(client, { showValues: false, title: '  Avery’s Wall  ', layout: '6x4' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ showValues: false, title: 'Avery’s Wall', layout: '6x4', customCount: 30 });
    expect(Date.parse(first.body.createdAt)).not.toBeNaN();
    const token = tokenOf(first.body.url);
    expect(first.body.url).toBe(`${publicUrl(srv.deps.env)}/share/${token}`);

    // The table holds a keyed hash and a seal, never the token.
    const rows = await Share.query(srv.deps.db);
    expect(JSON.stringify(rows.map((r) => ({ ...r, previewPng: null })))).not.toContain(token);
    expect(rows.find((r) => r.revokedAt === null)?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.find((r) => r.revokedAt === null)?.tokenSealed).toMatch(/^v1\.[A-Za-z0-9_-]{70,}$/);

    // GET answers the live link with its url (docs/choices.md 47); PATCH changes it in place and keeps it.
    expect((await client.get('/api/share')).body).toEqual(first.body);
    const patched = await client.patch<TLinkBody>('/api/share', { showValues: true });
    expect(patched.body).toMatchObject({ url: first.body.url, showValues: true, layout: '6x4' });
    expect((await visit(`/api/share/${token}`)).status).toBe(200);

    // A new POST replaces the link: the old one stops working.
    const second = await createLink(client);
    const token2 = tokenOf(second.body.url);
    expect(token2).not.toBe(token);
    expect((await visit(`/api/share/${token}`)).status).toBe(404);
    expect((await visit(`/api/share/${token2}`)).status).toBe(200);

    expect((await client.delete('/api/share')).body).toEqual({ revoked: true });
    expect((await client.get('/api/share')).body).toBeNull();
    expect((await visit(`/api/share/${token2}`)).status).toBe(404);
    expect((await client.delete('/api/share')).body).toEqual({ revoked: false });
    expect((await client.patch('/api/share', { showValues: false })).body.error?.code).toBe('share_not_found');

    // Revoked rows are kept; a new link can be made after a revoke.
    const third = await createLink(client);
    expect(third.status).toBe(201);
    expect((await visit(`/api/share/${tokenOf(third.body.url)}`)).status).toBe(200);
    const kept = await Share.query(srv.deps.db).whereIn(
      'tokenHash',
      rows.map((r) => r.tokenHash),
    );
    expect(kept.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it("shows the owner's first name only when they opt in on the share, off by default (docs/choices.md 47 item 6)", async () => {
    const { client, input: user } = await registerTrialUser(srv);
    const made = await createLink(client);
    expect(made.body).toMatchObject({ showOwnerName: false });
    const wallOf = async () => (await (await visit(`/api/share/${tokenOf(made.body.url)}`)).json()) as TSharedWall;
    expect((await wallOf()).ownerFirstName).toBeNull();
    expect((await client.patch<TLinkBody>('/api/share', { showOwnerName: true })).body).toMatchObject({ url: made.body.url, showOwnerName: true });
    expect((await wallOf()).ownerFirstName).toBe(user.firstName);
    // Never the last name or the email.
    const text = JSON.stringify(await wallOf());
    expect(text).not.toContain(user.lastName);
    expect(text).not.toContain(user.email);

    expect((await client.patch('/api/share', { showOwnerName: 'yes' })).status).toBe(400);
    expect((await client.patch<TLinkBody>('/api/share', { showOwnerName: false })).body.showOwnerName).toBe(false);
    expect((await wallOf()).ownerFirstName).toBeNull();
    // A new link starts with the name hidden unless asked.
    expect((await createLink(client, { showValues: true, showOwnerName: true })).body.showOwnerName).toBe(true);
  });

  it('lets the owner copy the live link from another device, and nobody else (docs/choices.md 47)', async () => {
    const { client, user } = await registerTrialUser(srv);
    const made = await createLink(client);
    // The owner signed in elsewhere (a phone): the same live link, which still opens the wall.
    const phone = await signedIn(srv, user);
    const there = await phone.get<TLinkBody>('/api/share');
    expect(there.body.url).toBe(made.body.url);
    expect(there.headers.get('cache-control')).toBe('no-store');
    expect((await visit(`/api/share/${tokenOf(there.body.url)}`)).status).toBe(200);

    // Another user, a visitor and the shared wall itself never carry it or its seal.
    const other = await registerTrialUser(srv);
    expect((await other.client.get('/api/share')).body).toBeNull();
    expect((await srv.client().get('/api/share')).status).toBe(401);
    const wall = await (await visit(`/api/share/${tokenOf(made.body.url)}`)).text();
    const row = await Share.query(srv.deps.db).where({ userId: user.id }).whereNull('revokedAt').first();
    expect(wall).not.toContain(row!.tokenSealed!);

    // A seal that does not open (another server secret; tampered; moved to another link) gives no url, not an error.
    await Share.query(srv.deps.db)
      .patch({ tokenSealed: sealToken(tokenOf(made.body.url), 'another-secret', SHARE_SEAL) })
      .where({ id: row!.id });
    expect((await phone.get<TLinkBody>('/api/share')).body).toMatchObject({ url: null, showValues: true });
    await Share.query(srv.deps.db)
      .patch({ tokenSealed: `${row!.tokenSealed!.slice(0, -4)}AAAA` })
      .where({ id: row!.id });
    expect((await phone.get<TLinkBody>('/api/share')).body.url).toBeNull();
    const otherLink = await createLink(other.client);
    const otherRow = await Share.query(srv.deps.db).where({ userId: other.user.id }).whereNull('revokedAt').first();
    await Share.query(srv.deps.db).patch({ tokenSealed: otherRow!.tokenSealed }).where({ id: row!.id });
    expect((await phone.get<TLinkBody>('/api/share')).body.url).toBeNull();
    expect((await other.client.get<TLinkBody>('/api/share')).body.url).toBe(otherLink.body.url);
    // A link made before tokens were sealed: no url, as before.
    await Share.query(srv.deps.db).patch({ tokenSealed: null }).where({ id: row!.id });
    expect((await phone.get<TLinkBody>('/api/share')).body.url).toBeNull();

    // Revoked: the seal is dropped with the link.
    expect((await other.client.delete('/api/share')).body).toEqual({ revoked: true });
    expect((await Share.query(srv.deps.db).findById(otherRow!.id))?.tokenSealed).toBeNull();
  });

  it('is for PRO, trial and legacy accounts only: the server refuses the others with requiresUpgrade', async () => {
    for (const preset of ['pro', 'grandfathered', 'trial'] as const) {
      const { client } = await accountWithClient(srv, preset);
      expect((await createLink(client)).status).toBe(201);
    }
    for (const preset of ['free', 'trial_expired', 'retention', 'suspended'] as const) {
      const { client } = await accountWithClient(srv, preset);
      const res = await createLink(client);
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'upgrade_required', requiresUpgrade: true });
      expect((await client.patch('/api/share', { showValues: true })).status).toBe(403);
    }
    expect((await srv.client().post('/api/share', { showValues: true })).status).toBe(401);
    expect((await srv.client().get('/api/share')).status).toBe(401);
    expect((await srv.client().delete('/api/share')).status).toBe(401);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { client } = await accountWithClient(srv, 'pro');
    const bad = [
      [{}, 'showValues'],
      [{ showValues: 'yes' }, 'showValues'],
      [{ showValues: true, layout: '9x9' }, 'layout'],
      [{ showValues: true, layout: 'custom', customCount: 0 }, 'customCount'],
      [{ showValues: true, customCount: 1001 }, 'customCount'],
      [{ showValues: true, title: 'x'.repeat(101) }, 'title'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await createLink(client, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toContain(field);
    }
    expect((await client.post('/api/share', '{oops', { 'content-type': 'application/json' })).status).toBe(400);
  });
});

describe('what a visitor of a link can read', () => {
  it('reads the wall (title, layout, slot order, titles, values when shown) and nothing of the account', async () => {
    const { client, user } = await accountWithClient(srv, 'pro', { email: `wall-owner-${Date.now()}@example.com` });
    await upload(client, 3, { title: '1986 Fleer Michael Jordan', description: 'PSA 8 NM-MT', value: '$9,500', allTimeHigh: '12000' });
    await upload(client, 1, {
      title: '2018 Prizm Luka Doncic',
      value: '1250',
      certNumber: '87654321',
      costCents: '99900',
      notes: 'Paid too much',
      source: 'Shop',
    });
    await upload(client, 25, { title: 'Past the layout', value: '5' });
    const link = await createLink(client, { showValues: true, title: 'The Vault', layout: '6x4' });
    const token = tokenOf(link.body.url);

    const res = await visit(`/api/share/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const wall = (await res.json()) as TSharedWall;
    expect(wall).toMatchObject({ title: 'The Vault', layout: '6x4', columns: 4, slotCount: 24, showValues: true, cardCount: 3 });
    expect(wall.cards.map((c) => [c.slotNumber, c.title, c.value, c.allTimeHigh])).toEqual([
      // The all-time high follows the value history (docs/choices.md 5).
      [1, '2018 Prizm Luka Doncic', '$1,250', '$1,250'],
      [3, '1986 Fleer Michael Jordan', '$9,500', '$12,000'],
    ]);
    expect(wall.cards[1]!.description).toBe('PSA 8 NM-MT');
    // The card's fields show what it is and its grade; never what the owner paid, where, or their notes.
    expect(wall.cards[1]).toMatchObject({
      grade: 'PSA 8',
      facts: [
        { label: 'Player', text: 'Michael Jordan' },
        { label: 'Year', text: '1986' },
        { label: 'Set', text: 'Fleer' },
        { label: 'Grade', text: 'PSA 8 NM-MT' },
      ],
    });
    expect(wall.cards[0]!.facts.map((f) => f.label)).toEqual(['Player', 'Year', 'Set']);
    expect(wall.figures).toEqual({
      acquisitions: 2,
      completionPercent: 8,
      totalCents: 1_075_000,
      valued: 2,
      averageCents: 537_500,
      allTimeHighCents: 1_325_000,
      tracked: 2,
    });
    // No email, no names, no ids of the account or the cards: only the shared photos' ids, in paths under the link.
    const text = JSON.stringify(wall);
    // (The cost as it could be written, not '999' alone: the photos' random ids may hold those digits.)
    for (const secret of [
      user.email,
      'Casey',
      `"id"`,
      'userId',
      'Past the layout',
      '/api/images/',
      'Paid too much',
      'Shop',
      '99900',
      '$999',
      '999.00',
      'cost',
      '87654321',
    ])
      expect(text).not.toContain(secret);
    for (const card of wall.cards) expect(card.thumbUrl).toMatch(new RegExp(`^/api/share/${token}/images/[0-9a-f-]{36}/thumb$`));

    // Values hidden: no value anywhere, counts stay.
    await client.patch('/api/share', { showValues: false });
    const hidden = (await (await visit(`/api/share/${token}`)).json()) as TSharedWall;
    expect(hidden.cards.every((c) => c.value === null && c.allTimeHigh === null)).toBe(true);
    expect(hidden.figures).toEqual({
      acquisitions: 2,
      completionPercent: 8,
      totalCents: null,
      valued: null,
      averageCents: null,
      allTimeHighCents: null,
      tracked: null,
    });
    expect(JSON.stringify(hidden)).not.toContain('9,500');
  });

  it('opens the photos of the shared wall only, only through the link, only while it is live; every card route stays closed', async () => {
    const owner = await registerTrialUser(srv);
    const other = await registerTrialUser(srv);
    const card = (await upload(owner.client, 1, { title: 'Shared card' })).body;
    const beyond = (await upload(owner.client, 21, { title: 'Not on a 4x5 wall' })).body;
    const foreign = (await upload(other.client, 1, { title: 'Someone else' })).body;
    const token = tokenOf((await createLink(owner.client)).body.url);
    const imageId = (url: string | null) => url!.split('/')[3]!;
    const viaShare = (id: string, variant: string, t = token) => visit(`/api/share/${t}/images/${id}/${variant}`);

    // Through the link: the wall's photos, thumbnail and viewer size.
    for (const variant of ['thumb', 'large']) {
      const res = await viaShare(imageId(card.thumbUrl), variant);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)$/);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBeGreaterThan(0);
    }
    const etag = (await viaShare(imageId(card.thumbUrl), 'thumb')).headers.get('etag')!;
    expect((await visit(`/api/share/${token}/images/${imageId(card.thumbUrl)}/thumb`, { 'if-none-match': etag })).status).toBe(304);
    // Not the original, not a card past the layout, not another user's photo, not a made-up id.
    expect((await viaShare(imageId(card.thumbUrl), 'original')).status).toBe(404);
    expect((await viaShare(imageId(beyond.thumbUrl), 'thumb')).status).toBe(404);
    expect((await viaShare(imageId(foreign.thumbUrl), 'thumb')).status).toBe(404);
    expect((await viaShare('00000000-0000-4000-8000-000000000000', 'thumb')).status).toBe(404);
    expect((await viaShare('../../etc/passwd', 'thumb')).status).toBe(404);
    // Without the link (or with a wrong one), every card and image route is closed to a visitor.
    expect((await viaShare(imageId(card.thumbUrl), 'thumb', 'A'.repeat(43))).status).toBe(404);
    for (const url of [card.thumbUrl, card.imageUrl, card.originalUrl]) expect((await visit(url!)).status).toBe(401);
    const anon = srv.client();
    expect((await anon.get('/api/cards')).status).toBe(401);
    expect((await anon.patch('/api/cards/1', { title: 'x' })).status).toBe(401);
    expect((await anon.delete('/api/cards/1')).status).toBe(401);
    expect((await anon.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 })).status).toBe(401);
    expect((await anon.request('POST', '/api/cards/2/upload', uploadForm(photo, {}))).status).toBe(401);
    // Another signed-in user gains nothing from the link on the owner's own image routes.
    expect((await other.client.get(card.thumbUrl!)).status).toBe(404);

    // Revoked: the wall, its photos (even with an ETag) and its preview are gone.
    await owner.client.delete('/api/share');
    const gone = await visit(`/api/share/${token}`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ error: { code: 'share_not_found', message: 'This share link is not live' } });
    expect((await viaShare(imageId(card.thumbUrl), 'thumb')).status).toBe(404);
    expect((await visit(`/api/share/${token}/images/${imageId(card.thumbUrl)}/thumb`, { 'if-none-match': etag })).status).toBe(404);
    expect((await visit(`/api/share/${token}/preview.png`)).status).toBe(404);
  });

  it('goes dark while the owner lacks sharing (an ended trial) and comes back with PRO, without being revoked', async () => {
    const { client, user } = await accountWithClient(srv, 'trial', { day: 6 });
    const token = tokenOf((await createLink(client)).body.url);
    expect((await visit(`/api/share/${token}`)).status).toBe(200);
    srv.advance(2 * DAY_MS);
    try {
      expect((await visit(`/api/share/${token}`)).status).toBe(404);
      await user.$query(srv.deps.db).patch({ isGrandfathered: true });
      expect((await visit(`/api/share/${token}`)).status).toBe(200);
    } finally {
      srv.advance(-2 * DAY_MS);
    }
  });

  it('answers a malformed or unknown token with the same 404', async () => {
    for (const t of ['short', 'A'.repeat(43), `${'A'.repeat(42)}%`, 'A'.repeat(44)]) {
      const res = await visit(`/api/share/${t}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as TApiBody).error?.code).toBe('share_not_found');
    }
  });
});

describe('the preview image', () => {
  it('is a 1200x630 PNG, made once per gallery version and link settings', async () => {
    const { client, user } = await accountWithClient(srv, 'pro');
    await upload(client, 1, { title: 'First', value: '100' });
    await addCards(srv.deps.db, user, 3, { firstSlot: 2, valueCents: 5000 });
    const token = tokenOf((await createLink(client, { showValues: true, title: 'Preview Wall' })).body.url);
    const wall = (await (await visit(`/api/share/${token}`)).json()) as TSharedWall;
    expect(wall.previewUrl).toMatch(new RegExp(`^/api/share/${token}/preview.png\\?v=`));

    const first = await visit(wall.previewUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    // Cached on the link's row for this gallery version, and served from there.
    const row = await Share.query(srv.deps.db).where({ userId: user.id }).whereNull('revokedAt').first();
    const version = (await user.$query(srv.deps.db)).galleryVersion;
    expect(row?.previewVersion).toBe(version);
    expect(Buffer.compare(row!.previewPng!, png)).toBe(0);
    const again = await visit(wall.previewUrl);
    expect(again.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(Buffer.from(await again.arrayBuffer()), png)).toBe(0);

    // Hiding values makes a new image (no total); a gallery write makes a new one for the new version.
    await client.patch('/api/share', { showValues: false });
    const noValues = Buffer.from(await (await visit(`/api/share/${token}/preview.png`)).arrayBuffer());
    expect(Buffer.compare(noValues, png)).not.toBe(0);
    await client.patch('/api/cards/1', { title: 'Renamed' });
    await visit(`/api/share/${token}/preview.png`);
    const after = await Share.query(srv.deps.db).where({ userId: user.id }).whereNull('revokedAt').first();
    expect(after?.previewVersion).toBe((await user.$query(srv.deps.db)).galleryVersion);
    expect(after?.previewVersion).toBeGreaterThan(version);
  });
});

describe('rate limits', () => {
  it('limit a visitor of share links per address (429 with Retry-After)', async () => {
    // Share pages allow 120 a minute per address (services/limits/rate-limits.ts), on a server with
    // the real limits (this file's other server multiplies them for its own calls).
    const plain = await startTestServer();
    try {
      let res: Response | null = null;
      for (let i = 0; i < 130 && res?.status !== 429; i++) res = await fetch(`${plain.url}/api/share/${'A'.repeat(43)}`);
      expect(res?.status).toBe(429);
      expect(Number(res?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res!.json()) as TApiBody).error?.code).toBe('rate_limited');
    } finally {
      await plain.close();
    }
  });
});
