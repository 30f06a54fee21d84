/**
 * A row's identity (docs/choices.md 40: re-importing a file adds nothing twice): the row's cells in its
 * layout, and which of its identical rows it is, hashed; each card a row makes (its quantity) gets
 * the key and its copy number. Pure (FNV-1a, twice, 64 bits): core runs in the browser too.
 */

function fnv(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/** The identity of each row of a file: its layout and cells, and its place among the rows with the same cells. */
export function rowKeys(format: string, rows: readonly (readonly string[])[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((cells) => {
    const text = `${format}\u001f${cells.map((c) => c.trim()).join('\u001f')}`;
    const occurrence = (seen.get(text) ?? 0) + 1;
    seen.set(text, occurrence);
    return `${fnv(text, 0x811c9dc5)}${fnv(text, 0x050c5d1f)}-${occurrence}`;
  });
}

/** The key of the `copy`th card (from 1) a row makes. */
export const copyKey = (rowKey: string, copy: number) => `${rowKey}-${copy}`;
