/**
 * Removes every metadata segment of a JPEG (EXIF with GPS, XMP, IPTC, comments) without
 * re-encoding its pixels, keeping only what decoding needs (JFIF, ICC profile, Adobe colour
 * transform, tables, frames, scans). An orientation other than 1 is kept as a minimal EXIF block
 * holding just that tag, so the photo still displays upright. The walk follows the markers through
 * every scan (metadata may sit between the scans of a progressive JPEG) and stops at the end-of-image
 * marker: whatever follows it (the extra pictures phones append, with their own GPS, or any other
 * bytes) is dropped. Returns null when the bytes are not a well-formed JPEG.
 */
export function stripJpegMetadata(jpeg: Buffer, orientation: number): Buffer | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  if (orientation > 1 && orientation <= 8) kept.push(orientationSegment(orientation));
  let pos = 2;
  let sawScan = false;
  while (pos + 2 <= jpeg.length) {
    if (jpeg[pos] !== 0xff) return null;
    const marker = jpeg[pos + 1]!;
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    if (marker === 0xd9) {
      if (!sawScan) return null;
      kept.push(jpeg.subarray(pos, pos + 2));
      return Buffer.concat(kept);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(jpeg.subarray(pos, pos + 2)); // TEM and stray restart markers stand alone
      pos += 2;
      continue;
    }
    if (pos + 4 > jpeg.length) return null;
    const length = jpeg.readUInt16BE(pos + 2);
    const end = pos + 2 + length;
    if (length < 2 || end > jpeg.length) return null;
    if (marker === 0xda) {
      // A scan: its header, then entropy-coded data up to the next marker that is not a stuffed
      // byte (FF00) or a restart marker (FFD0-FFD7).
      const next = endOfScan(jpeg, end);
      if (next < 0) return null;
      kept.push(jpeg.subarray(pos, next));
      sawScan = true;
      pos = next;
      continue;
    }
    if (keepSegment(marker, jpeg.subarray(pos + 4, end))) kept.push(jpeg.subarray(pos, end));
    pos = end;
  }
  return null;
}

/** The offset of the first marker after a scan's entropy-coded data starting at `from`, or -1. */
function endOfScan(jpeg: Buffer, from: number): number {
  let at = jpeg.indexOf(0xff, from);
  while (at >= 0 && at + 1 < jpeg.length) {
    const next = jpeg[at + 1]!;
    if (next !== 0x00 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return at;
    at = jpeg.indexOf(0xff, at + (next === 0xff ? 1 : 2));
  }
  return -1;
}

/** APP0 (JFIF), APP2 ICC_PROFILE and APP14 (Adobe) stay; other APPn and COM go; tables stay. */
function keepSegment(marker: number, payload: Buffer): boolean {
  if (marker === 0xe0 || marker === 0xee) return true;
  if (marker === 0xe2) return payload.toString('latin1', 0, 11) === 'ICC_PROFILE';
  if (marker >= 0xe1 && marker <= 0xef) return false;
  return marker !== 0xfe;
}

/** An APP1 EXIF segment with one IFD entry: Orientation (0x0112), big-endian TIFF. */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // first IFD offset
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // count
  tiff.writeUInt16BE(orientation, 18); // value, left-justified
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}
