/** Bench data: a PRO user with 1,000 filled slots, each with a photo (bench/gallery.ts, bench/static.ts). */
import sharp from 'sharp';
import { processImage } from '../api/services/images/process-image.ts';
import { insertImageRow, writeImageFiles } from '../api/services/images/save-card-image.ts';
import { CardSlot } from '../db/models/CardSlot.ts';
import { User } from '../db/models/User.ts';
import { accountFacts } from '../tests/helpers/factories.ts';
import { fmt, type startBenchServer } from './lib.ts';

export const CARDS = 1000;

/** Registers a PRO user with 1,000 filled slots; returns the session cookie. */
export async function seedGallery(server: Awaited<ReturnType<typeof startBenchServer>>['server'], url: string): Promise<string> {
  const { db, images } = server.deps;
  const reg = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'gallery@example.com', password: 'bench-password', firstName: 'Gallery', lastName: 'Bench' }),
  });
  const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
  const user = await User.query(db).findOne({ email: 'gallery@example.com' });
  await User.query(db).patch(accountFacts('pro')).where('id', user!.id);

  const t0 = performance.now();
  const photos = await Promise.all(
    ['#7a1f1f', '#1f4e7a', '#2e6b3a', '#6b5a1f'].map(async (bg) =>
      processImage(
        await sharp({ create: { width: 600, height: 840, channels: 3, background: bg } })
          .composite([
            {
              input: Buffer.from(
                `<svg width="600" height="840"><rect x="40" y="40" width="520" height="120" fill="#eee"/><text x="60" y="120" font-size="48" font-family="sans-serif">PSA 10 GEM MT</text></svg>`,
              ),
            },
          ])
          .jpeg()
          .toBuffer(),
      ),
    ),
  );
  await db.transaction(async (trx) => {
    for (let n = 1; n <= CARDS; n++) {
      const photo = photos[n % photos.length]!;
      const id = await writeImageFiles(images, user!.id, photo);
      await insertImageRow(trx, user!.id, id, photo);
      await CardSlot.query(trx).insert({
        userId: user!.id,
        slotNumber: n,
        imageId: id,
        title: `${1990 + (n % 30)} Topps Chrome Player ${n}`,
        description: 'PSA 10 GEM MT',
        value: `$${(n * 37) % 5000}`,
        valueCents: ((n * 37) % 5000) * 100,
        allTimeHigh: `$${(n * 41) % 7000}`,
        allTimeHighCents: ((n * 41) % 7000) * 100,
      });
    }
  });
  console.log(`seeded ${CARDS} cards with photos in ${fmt((performance.now() - t0) / 1000)} s`);
  return cookie;
}
