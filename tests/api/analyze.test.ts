import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl } from '../fixtures/images.ts';
import { MORANT_LABEL, OHTANI_LABEL, renderLabel } from '../analysis/fixtures/make-label.ts';
import { stallMeter } from '../helpers/loop-stall.ts';
import { startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

describe('POST /api/analyze-card (offline label reader)', () => {
  it('identifies a photographed PSA slab for a visitor without an account', async () => {
    const photo = await renderLabel({ ...OHTANI_LABEL, certNumber: '45678912' }, { layout: 'slab', size: 800, jpegQuality: 85 });
    const res = await srv.client().post('/api/analyze-card', { image: dataUrl(photo) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      player: expect.stringMatching(/shohei ohtani/i),
      year: '2018',
      brand: expect.stringMatching(/topps chrome/i),
      condition: expect.stringMatching(/PSA 10/),
      psaCertNumber: '45678912',
      certificationUrl: 'https://www.psacard.com/cert/45678912',
      psaVerified: false,
    });
    expect(res.body.confidence).toBeGreaterThan(0.6);
  });

  it('reads an iPhone HEIC photo too (docs/choices.md 12)', async () => {
    // tests/fixtures/slab-ohtani.heic: a generated slab photo encoded once with Debian's heif-enc (x265).
    const heic = await fs.readFile(new URL('../fixtures/slab-ohtani.heic', import.meta.url));
    const res = await srv.client().post('/api/analyze-card', { image: dataUrl(heic, 'image/heic') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ player: expect.stringMatching(/shohei ohtani/i), year: '2018', psaCertNumber: '45678912' });
  });

  it('keeps the server responsive while it reads a photo: no event-loop stall over 50 ms (docs/choices.md 36)', async () => {
    // A full-size phone photo (2400 px): decoding and reading it is the heaviest work the route does.
    const photo = await renderLabel(MORANT_LABEL, { layout: 'slab', size: 2400, jpegQuality: 92 });
    const meter = stallMeter({ collectFirst: true });
    try {
      await srv.client().post('/api/analyze-card', { image: dataUrl(photo) }); // the reader's start is not what is measured
      for (let i = 0; i < 2; i++) {
        const res = await meter.measure(() => srv.client().post('/api/analyze-card', { image: dataUrl(photo) }));
        expect(res.status).toBe(200);
        expect(res.body.player).toMatch(/ja morant/i);
      }
      // The server's longest event-loop delay beyond what a control thread saw over the same time,
      // against a budget scaled by how much the load slowed the control's work.
      expect(meter.worst().excess, JSON.stringify(meter.worst())).toBeLessThan(meter.allowed(50));
    } finally {
      await meter.close();
    }
  });

  it('a photo with no label reads with a low confidence, not a made-up card', async () => {
    const blank = await sharp({ create: { width: 400, height: 560, channels: 3, background: '#556' } })
      .jpeg()
      .toBuffer();
    const res = await srv.client().post('/api/analyze-card', { image: dataUrl(blank) });
    expect(res.status).toBe(200);
    expect(res.body.confidence).toBeLessThan(0.3);
  });

  it.each([
    [{}, 400, 'validation_error'],
    [{ image: 'hello' }, 400, 'invalid_image'],
    [{ image: dataUrl(Buffer.from('plain text, not a picture at all')) }, 400, 'invalid_image'],
    [{ image: 42 }, 400, 'validation_error'],
  ])('refuses %j with a clear 4xx', async (body, status, code) => {
    const res = await srv.client().post('/api/analyze-card', body);
    expect(res.status).toBe(status);
    expect(res.body.error?.code).toBe(code);
  });

  it('is rate limited per IP', async () => {
    const limited = await startTestServer();
    try {
      let last = 0;
      for (let i = 0; i < 21; i++) last = (await limited.client().post('/api/analyze-card', { image: 'x' })).status;
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
