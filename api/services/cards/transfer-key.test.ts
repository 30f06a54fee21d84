import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { transferKey } from './transfer-collection.ts';

/** The key as it was computed (and stored) before it was hashed a slice at a time. */
const storedKey = (c: { imageUrl: string; title: string; description: string; value: string | null; allTimeHigh: string | null }) =>
  createHash('sha256')
    .update(JSON.stringify([c.imageUrl, c.title, c.description, c.value, c.allTimeHigh]))
    .digest('hex');

describe('transferKey', () => {
  it('is the same key as before for small and multi-megabyte photos, quotes, escapes and surrogate pairs', async () => {
    const big = `data:image/png;base64,${'A'.repeat(3 * 1024 * 1024 + 17)}`;
    // A pair that straddles the 1 MB slice boundary, and characters JSON escapes.
    const straddle = `${'x'.repeat(1024 * 1024 - 1)}😀"\\\n\u0001${'y'.repeat(1024 * 1024 + 5)}\ud800`;
    for (const imageUrl of ['', 'data:image/png;base64,AAAA', big, straddle]) {
      for (const rest of [
        { title: '', description: '', value: null, allTimeHigh: null },
        { title: 'Mickey "The Mick" Mantle', description: 'line\nbreak — ⚾', value: '$1,250', allTimeHigh: '1500' },
      ]) {
        const card = { slotNumber: 1, imageUrl, ...rest };
        expect(await transferKey(card as never)).toBe(storedKey(card));
      }
    }
  });
});
