/**
 * Not a test: seeds a PRO (trial) wall with months of value history, then saves screenshots of the
 * import preview (both themes, 1280 and 390), the viewer's value chart and the insights total.
 *   npm run build && npx node tests/e2e/csv-history-shots.script.ts        -> /tmp/csvshots
 *   DOCS=1 npx node tests/e2e/csv-history-shots.script.ts                  -> docs/screenshots/
 */
import fs from 'node:fs/promises';
import { DAY_MS } from '../../core/limits.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../db/models/CardValueHistory.ts';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { SAMPLE_CARDS, seedCard, signUp, startTrial } from './gallery-seed.ts';
import { galleryShotPage, sampleImages, writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/csvshots');
const PSA_FILE = [
  'Year,Brand,Card Number,Subject,Variety,Grade,Cert Number,Value',
  '1989,Upper Deck,1,Ken Griffey Jr.,Star Rookie,GEM MT 10,43215678,"$2,150"',
  '1993,SP,279,Derek Jeter,Foil,NM-MT 8,55512345,$640',
  '2009,Bowman Chrome,BDPP89,Stephen Strasburg,Draft Prospects,MINT 9,66678901,$85',
  '1997,Metal Universe,81,Kobe Bryant,,GEM MT 10,71234567,"$1,900"',
  '2019,Panini Prizm,248,Zion Williamson,Silver,MINT 9,88812345,$420',
  '2020,Panini Prizm,325,Justin Herbert,,GEM MT 10,90012345,$610',
].join('\n');
const BAD_FILE = `${PSA_FILE}\n2021,Topps,1,Shohei Ohtani,,GEM MT 10,43215678,$300\n2022,Topps,2,Bobby Witt Jr.,,MINT 9,12121212,lots\n`;

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const images = await sampleImages();
  const pro = await e2e.newPage();
  const user = await signUp(pro.context, 'history@example.com', 'Avery', 'Stone');
  await startTrial(pro.context);
  for (let i = 0; i < 8; i++) await seedCard(pro.context, i + 1, SAMPLE_CARDS[i]!, images[i]!);
  // Months of earlier values, as if the owner had updated them now and then.
  const db = e2e.server.deps.db;
  const now = Date.now();
  const cards = await CardSlot.query(db).where('userId', user.id);
  for (const card of cards) {
    const rows = [];
    let cents = Math.round((card.valueCents ?? 10000) * 0.55);
    for (let k = 8; k >= 1; k--) {
      cents = k === 1 ? (card.valueCents ?? cents) : Math.round(cents * (1 + (((card.id * 7 + k * 13) % 11) - 3) / 40));
      rows.push({ cardId: card.id, valueCents: cents, recordedAt: new Date(now - k * 40 * DAY_MS + card.slotNumber * 3 * DAY_MS) });
    }
    await CardValueHistory.query(db).insert(rows);
  }
  const storage = await pro.context.storageState();
  await pro.context.close();

  const shoot = async (page: import('playwright-core').Page, name: string) => writeShot(`${OUT}/${name}.png`, await page.screenshot(), DOCS);
  for (const theme of ['dark', 'light'] as const) {
    for (const width of [1280, 390]) {
      const phone = width < 800;
      const { context, page } = await galleryShotPage(e2e, { theme, width, storageState: storage });
      const tag = `${theme}-${width}`;
      await page.getByTestId('csv-import').click();
      await page.getByTestId('import-file').setInputFiles({ name: 'psa-collection.csv', mimeType: 'text/csv', buffer: Buffer.from(PSA_FILE) });
      await page.getByTestId('import-ready').waitFor();
      await page.waitForTimeout(200);
      await shoot(page, `csv-import-preview-${tag}`);
      await page.getByTestId('import-file').setInputFiles({ name: 'psa-collection.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_FILE) });
      await page.getByTestId('import-errors').waitFor();
      await page.waitForTimeout(200);
      if (!DOCS || (theme === 'dark') === (width === 1280)) await shoot(page, `csv-import-errors-${tag}`);
      await page.keyboard.press('Escape');
      if (!DOCS || (theme === 'dark') === (width === 1280)) {
        if (phone)
          await page
            .locator('.g-panels-toggle')
            .click()
            .catch(() => undefined);
        const total = page.getByTestId('total-value-history');
        if (!(await total.count())) await page.getByTestId('value-chart-toggle').click();
        await total.locator('canvas').waitFor();
        await total.scrollIntoViewIfNeeded();
        await page.waitForTimeout(300);
        await shoot(page, `history-insights-${tag}`);
        await page.locator('li[data-slot="4"] button.g-face').click();
        await page.getByTestId('value-history').locator('canvas').waitFor();
        await page.getByTestId('value-history').scrollIntoViewIfNeeded();
        await page.waitForTimeout(600);
        await shoot(page, `history-viewer-${tag}`);
      }
      await context.close();
    }
  }
  // Imported cards without photos: the grid's and the viewer's placeholder.
  for (const [theme, width] of [
    ['dark', 1280],
    ['light', 390],
  ] as const) {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: width > 800 ? 900 : 844 }, storageState: storage });
    await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
    const page = await context.newPage();
    await page.goto('/gallery');
    await hydrated(page);
    if (theme === 'dark') {
      await page.getByTestId('csv-import').click();
      await page.getByTestId('import-file').setInputFiles({ name: 'psa-collection.csv', mimeType: 'text/csv', buffer: Buffer.from(PSA_FILE) });
      await page.getByTestId('import-confirm').click();
      await page.getByTestId('toast').waitFor();
    }
    await page.locator('li[data-slot="9"] [data-testid="no-photo"]').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await shoot(page, `csv-imported-grid-${theme}-${width}`);
    await page.locator('li[data-slot="9"] button.g-face').click();
    await page.getByTestId('value-history-count').waitFor();
    await page.waitForTimeout(400);
    await shoot(page, `csv-imported-viewer-${theme}-${width}`);
    await context.close();
  }
  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
