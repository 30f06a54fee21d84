/** Bench data: a PRO user with 1,000 filled slots, each with a photo (bench/gallery.ts, bench/static.ts). */
import sharp from 'sharp';
import { processImage } from '../api/services/images/process-image.ts';
import { insertImageRow, writeImageFiles } from '../api/services/images/save-card-image.ts';
import { CardSlot } from '../db/models/CardSlot.ts';
import { User } from '../db/models/User.ts';
import { accountFacts } from '../tests/helpers/factories.ts';
import { fmt, type startBenchServer } from './lib.ts';

export const CARDS = 1000;

type TBenchServer = Awaited<ReturnType<typeof startBenchServer>>['server'];

/** Registers `email` (named `firstName` Bench) through the API and makes it PRO; returns its session cookie and user. */
export async function registerProUser(server: TBenchServer, url: string, email: string, firstName: string): Promise<{ cookie: string; user: User }> {
  const { db } = server.deps;
  const reg = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', firstName, lastName: 'Bench' }),
  });
  const cookie = reg.headers.getSetCookie()[0]!.split(';')[0]!;
  const user = (await User.query(db).findOne({ email }))!;
  await User.query(db).patch(accountFacts('pro')).where('id', user.id);
  return { cookie, user };
}

/**
 * Fills slots 1..`count` of `userId` straight in the database, each with a photo of its own files (four
 * slab-like pictures in turn) and a title, grade, value and all-time high; bumps the gallery's version.
 */
export async function seedCards(server: TBenchServer, userId: number, count: number): Promise<void> {
  const { db, images } = server.deps;
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
    for (let n = 1; n <= count; n++) {
      const photo = photos[n % photos.length]!;
      const id = await writeImageFiles(images, userId, photo);
      await insertImageRow(trx, userId, id, photo);
      await CardSlot.query(trx).insert({
        userId,
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
    await trx('users').where('id', userId).increment('gallery_version', 1);
  });
}

/** Registers a PRO user with 1,000 filled slots; returns the session cookie. */
export async function seedGallery(server: TBenchServer, url: string): Promise<string> {
  const { cookie, user } = await registerProUser(server, url, 'gallery@example.com', 'Gallery');
  const t0 = performance.now();
  await seedCards(server, user.id, CARDS);
  console.log(`seeded ${CARDS} cards with photos in ${fmt((performance.now() - t0) / 1000)} s`);
  return cookie;
}
