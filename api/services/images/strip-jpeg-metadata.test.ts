import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripJpegMetadata } from './strip-jpeg-metadata.ts';

describe('stripJpegMetadata', () => {
  it('drops EXIF, XMP and comments, keeps the pixels bit for bit, and keeps a non-default orientation', async () => {
    const input = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a33' } })
      .jpeg()
      .withMetadata({ orientation: 8, exif: { IFD0: { Make: 'SecretCam', Artist: 'GPS 1.2N 3.4E' } } })
      .toBuffer();
    const out = stripJpegMetadata(input, 8)!;
    expect(out.includes(Buffer.from('SecretCam'))).toBe(false);
    expect(out.includes(Buffer.from('GPS 1.2N'))).toBe(false);
    const sos = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(sos(out).equals(sos(input))).toBe(true);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([64, 48, 8]);
  });

  it('adds no EXIF for orientation 1, and refuses bytes that are not a JPEG', async () => {
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const out = stripJpegMetadata(input, 1)!;
    expect((await sharp(out).metadata()).exif).toBeUndefined();
    expect(stripJpegMetadata(Buffer.from('not a jpeg'), 1)).toBeNull();
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), 1)).toBeNull();
  });
});
