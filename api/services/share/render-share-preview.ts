import sharp from 'sharp';
import type { TSharedWall } from '../../../core/contracts/share.types.ts';
import { PREVIEW_CARDS } from '../../../core/share.ts';
import { formatCents } from '../../../core/format.ts';
import { formatCount } from '../../../core/format.ts';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Card frames on the right half: 3 columns x 2 rows. */
const CARD_W = 168;
const CARD_H = 236;
const GAP = 18;
/** The region the cards are centred in. */
const REGION = { left: 560, right: PREVIEW_WIDTH - 56 };

/** Where the i-th of `count` cards goes: up to 3 a row, at most 2 rows, centred in REGION. */
function cardAt(i: number, count: number): { left: number; top: number } {
  const cols = Math.min(Math.max(count, 1), 3);
  const rows = Math.ceil(Math.max(count, 1) / 3);
  const x0 = Math.round((REGION.left + REGION.right - (cols * CARD_W + (cols - 1) * GAP)) / 2);
  const y0 = Math.round((PREVIEW_HEIGHT - (rows * CARD_H + (rows - 1) * GAP)) / 2);
  return { left: x0 + (i % 3) * (CARD_W + GAP), top: y0 + Math.floor(i / 3) * (CARD_H + GAP) };
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The title on at most two lines of about 22 characters, cut with an ellipsis. */
function titleLines(title: string): string[] {
  const words = title.trim().split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= 22 || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const cut = (l: string, max: number) => (l.length > max ? `${l.slice(0, max - 1)}…` : l);
  const [first = '', second] = lines;
  if (second === undefined) return [cut(first, 24)];
  return [cut(first, 24), lines.length > 2 ? `${second.slice(0, 21)}…` : cut(second, 24)];
}

/** The card frames and text of the preview, as SVG (sharp renders it with the system's fonts). */
function backdrop(wall: TSharedWall, framed: number): string {
  const count = wall.figures.acquisitions;
  const countText = `${formatCount(count)} card${count === 1 ? '' : 's'}`;
  const total = wall.figures.totalCents;
  const lines = titleLines(wall.title);
  const frames = Array.from({ length: Math.max(framed, 1) }, (_, i) => {
    const { left: x, top: y } = cardAt(i, framed);
    return `<rect x="${x - 6}" y="${y - 6}" width="${CARD_W + 12}" height="${CARD_H + 12}" rx="10" fill="#17171b" stroke="#3a3426" stroke-width="2"/>`;
  }).join('');
  const title = lines.map((l, i) => `<text x="64" y="${250 + i * 70}" font-size="60" font-weight="700" fill="#f4efe2">${escapeXml(l)}</text>`).join('');
  const figuresY = 250 + lines.length * 70 + 10;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">
  <defs><radialGradient id="g" cx="0.25" cy="0.1" r="0.9"><stop offset="0" stop-color="#2a2416"/><stop offset="1" stop-color="#0b0b0d"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="24" y="24" width="${PREVIEW_WIDTH - 48}" height="${PREVIEW_HEIGHT - 48}" rx="18" fill="none" stroke="#d6b45a" stroke-opacity="0.35" stroke-width="2"/>
  <g font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
    <text x="64" y="120" font-size="30" font-weight="700" letter-spacing="6" fill="#d6b45a">RATIO</text>
    <text x="64" y="158" font-size="20" letter-spacing="3" fill="#9a9384">A COLLECTION ON DISPLAY</text>
    ${title}
    <text x="64" y="${figuresY}" font-size="30" fill="#d8d2c3">${escapeXml(countText)}</text>
    ${total !== null ? `<text x="64" y="${figuresY + 52}" font-size="40" font-weight="700" fill="#e9c86b">${escapeXml(formatCents(total))}</text><text x="64" y="${figuresY + 82}" font-size="18" letter-spacing="3" fill="#9a9384">TOTAL VALUE</text>` : ''}
    <text x="64" y="${PREVIEW_HEIGHT - 64}" font-size="20" fill="#9a9384">Your Collection, Curated.</text>
  </g>
  ${frames}
</svg>`;
}

/**
 * The preview image of a shared wall for Open Graph and Twitter cards: 1200x630 PNG with the title,
 * the first cards' thumbnails (`thumbs`, in slot order; null for a card without a readable photo,
 * whose frame stays empty), the card count and, when shown, the total value.
 */
export async function renderSharePreview(wall: TSharedWall, thumbs: ReadonlyArray<Buffer | null>): Promise<Buffer> {
  const shown = thumbs.slice(0, PREVIEW_CARDS);
  const layers = await Promise.all(
    shown.map(async (data, i) => {
      if (!data) return null;
      const input = await sharp(data)
        .resize(CARD_W, CARD_H, { fit: 'contain', background: '#17171b' })
        .png()
        .toBuffer()
        .catch(() => null);
      return input && { input, ...cardAt(i, shown.length) };
    }),
  );
  return sharp(Buffer.from(backdrop(wall, shown.length)))
    .composite(layers.filter((l) => l !== null))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
