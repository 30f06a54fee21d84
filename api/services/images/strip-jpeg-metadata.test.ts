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
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const out = stripJpegMetadata(input, 1)!;
    expect((await sharp(out).metadata()).exif).toBeUndefined();
    expect(stripJpegMetadata(Buffer.from('not a jpeg'), 1)).toBeNull();
    expect(stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), 1)).toBeNull();
  });

  it('stops at the end-of-image marker: a second picture or any bytes after it are dropped', async () => {
    const input = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#09c' } })
      .jpeg()
      .toBuffer();
    const tail = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Artist: 'GPS 9.9N' } } })
        .toBuffer(),
      Buffer.from('<html>'),
    ]);
    const out = stripJpegMetadata(Buffer.concat([input, tail]), 1)!;
    expect(out.equals(input)).toBe(true);
  });

  it('follows every scan of a progressive JPEG and drops metadata between them', async () => {
    const input = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c90' } })
      .jpeg({ progressive: true })
      .toBuffer();
    const second = input.indexOf(Buffer.from([0xff, 0xda]), input.indexOf(Buffer.from([0xff, 0xda])) + 2);
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0c]), Buffer.from('GPS 1.2N 3')]);
    const out = stripJpegMetadata(Buffer.concat([input.subarray(0, second), com, input.subarray(second)]), 1)!;
    expect(out.includes(Buffer.from('GPS 1.2N'))).toBe(false);
    expect(out.equals(input)).toBe(true);
  });

  it('refuses a JPEG whose scan never ends', async () => {
    const input = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(stripJpegMetadata(input.subarray(0, input.length - 2), 1)).toBeNull();
  });
});
