/**
 * Whether a stored image file is whole: it starts and ends as its format must (a JPEG's SOI and EOI
 * markers, a WebP's RIFF length, a PNG's signature and IEND chunk). An empty file, or one cut short
 * by a process killed mid-write before writes were atomic, fails; readers treat it as missing and
 * make it again from the original (viewer-size.ts). Reads no pixels: it runs on every image request.
 */
export function isWholeImage(data: Buffer, mime: string): boolean {
  if (mime === 'image/jpeg') {
    return data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff && data[data.length - 2] === 0xff && data[data.length - 1] === 0xd9;
  }
  if (mime === 'image/webp') {
    return (
      data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP' && data.readUInt32LE(4) + 8 === data.length
    );
  }
  if (mime === 'image/png') {
    return data.length >= 20 && data.subarray(0, 8).equals(PNG_SIGNATURE) && data.subarray(-12).equals(PNG_END);
  }
  return data.length > 0;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The IEND chunk every PNG ends with: empty length, type, CRC. */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
