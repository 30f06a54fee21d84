import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dataUrlPayloadStart } from '../../api/services/analysis/decode-data-url.ts';
import { AnalysisInputError, decodeImageDataUrl, MAX_IMAGE_BYTES, sniffImageMime } from '../../api/services/analysis/index.ts';
import { HOSTILE_HEADER_256 } from '../api/abuse/corpus.ts';

const toDataUrl = (buf: Buffer, mime = 'image/jpeg') => `data:${mime};base64,${buf.toString('base64')}`;
const tiny = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c8102e' } });
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);

async function inputError(p: Promise<unknown>): Promise<AnalysisInputError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AnalysisInputError);
  return e as AnalysisInputError;
}

describe('decodeImageDataUrl', () => {
  it.each([
    ['image/jpeg', () => tiny.clone().jpeg().toBuffer()],
    ['image/png', () => tiny.clone().png().toBuffer()],
    ['image/webp', () => tiny.clone().webp().toBuffer()],
    ['image/gif', () => tiny.clone().gif().toBuffer()],
  ] as const)('accepts %s, typed by its bytes', async (mime, make) => {
    const buf = await make();
    // The declared type is ignored: the bytes decide.
    const out = await decodeImageDataUrl(toDataUrl(buf, 'application/octet-stream'));
    expect(out.mime).toBe(mime);
    expect(out.data.equals(buf)).toBe(true);
  });

  it('accepts HEIC by its ftyp brand', async () => {
    expect((await decodeImageDataUrl(toDataUrl(HEIC, 'image/heic'))).mime).toBe('image/heic');
  });

  it('refuses text dressed up as an image', async () => {
    const e = await inputError(decodeImageDataUrl(toDataUrl(Buffer.from('hello, not an image at all'))));
    expect(e).toMatchObject({ status: 400, message: 'The file is not an image' });
  });

  it('refuses bytes that start like a JPEG but are not one', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64, 7)]);
    expect((await inputError(decodeImageDataUrl(toDataUrl(fake)))).message).toBe('The file is not an image');
  });

  it('refuses more than 10 MB before decoding it', async () => {
    const payload = 'A'.repeat(Math.ceil(((MAX_IMAGE_BYTES + 3) * 4) / 3));
    const e = await inputError(decodeImageDataUrl(`data:image/jpeg;base64,${payload}`));
    expect(e).toMatchObject({ status: 400, code: 'image_too_large', message: 'Image is larger than 10 MB' });
  });

  it.each([
    ['no data URL', 'https://example.com/card.jpg'],
    ['not base64', 'data:image/png;base64,@@@###'],
    ['empty', 'data:image/png;base64,'],
  ])('refuses %s', async (_name, url) => {
    expect((await inputError(decodeImageDataUrl(url))).status).toBe(400);
  });
});

describe('dataUrlPayloadStart', () => {
  it('reads the headers browsers write, with or without parameters', () => {
    expect(dataUrlPayloadStart('data:image/jpeg;base64,AAAA')).toBe(23);
    expect(dataUrlPayloadStart('data:;base64,AAAA')).toBe(13);
    expect(dataUrlPayloadStart('DATA:image/png;name=card.png;charset=utf-8;BASE64,AAAA')).toBe(50);
  });

  it('refuses malformed headers in time linear in their length (no backtracking)', () => {
    const started = performance.now();
    for (const url of [
      HOSTILE_HEADER_256,
      `data:image/png;${'aaa;'.repeat(19)}!`,
      `data:${'a;'.repeat(5000)}base64,x`,
      'data:image/png,AAAA',
      'data:image/png;base64',
    ]) {
      expect(dataUrlPayloadStart(url)).toBe(-1);
    }
    expect(performance.now() - started).toBeLessThan(20);
  });
});

describe('sniffImageMime', () => {
  it('knows nothing of PDFs or SVG', () => {
    expect(sniffImageMime(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageMime(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
