/**
 * Not a test: screenshots of the screens docs/choices.md 39 changed (a card's own fields), dark and light,
 * at 1280 and 390: the gallery's add dialog after an analysis, its edit dialog, the viewer, the
 * /start-collection details, the /collection edit dialog and a shared wall's viewer.
 *   npm run build && npx node tests/e2e/card-fields-shots.script.ts    -> /tmp/cfshots
 *   DOCS=1 npx node tests/e2e/card-fields-shots.script.ts              -> docs/screenshots/card-fields-*.png
 */
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { signUp, slabJpeg, startTrial } from './gallery-seed.ts';
import { writeShot } from './shots.ts';

const DOCS = process.env.DOCS === '1';
const OUT = DOCS ? 'docs/screenshots' : (process.env.OUT ?? '/tmp/cfshots');
const VARIANTS = (['dark', 'light'] as const).flatMap((theme) => [1280, 390].map((width) => ({ theme, width })));
const ANALYSIS = {
  player: 'Luka Doncic',
  sport: 'Basketball',
  year: '2018-19',
  brand: 'Panini Prizm',
  cardName: 'Silver #280',
  cardNumber: '280',
  variety: 'Silver',
  condition: 'PSA 10 GEM MT',
  grader: 'PSA',
  grade: '10',
  certNumber: '48213377',
  psaCertNumber: '48213377',
  confidence: 0.91,
  psaVerified: false,
  gradeDetails: null,
  certificationUrl: 'https://www.psacard.com/cert/48213377',
  subgrades: null,
  autoGrade: null,
  fieldConfidence: { player: 0.97, year: 0.99, brand: 0.64, cardName: 0.95, condition: 0.98, certNumber: 0.99 },
};
const OWNED = {
  subject: 'Michael Jordan',
  year: '1986',
  set: 'Fleer',
  cardNumber: '57',
  sport: 'Basketball',
  grader: 'BGS',
  grade: '9.5',
  qualifier: '',
  certNumber: '0012345678',
  subgrades: JSON.stringify({ centering: 9.5, corners: 9.5, edges: 9, surface: 10 }),
  costCents: '650000',
  acquiredOn: '2024-03-16',
  source: 'The National',
  notes: 'Bought from the original owner.',
  value: '$9,500',
  allTimeHigh: '$12,000',
};

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(350);
  const png = await page.screenshot({ fullPage: false });
  await writeShot(`${OUT}/${DOCS ? 'card-fields-' : ''}${name}.png`, png, DOCS);
}

await fs.mkdir(OUT, { recursive: true });
const e2e = await startE2E();
try {
  const image = await slabJpeg('1986 Fleer Michael Jordan #57', 20, 'GEM MINT 9.5');
  const owner = await e2e.newPage();
  await signUp(owner.context, 'fields@example.com', 'Avery', 'Stone');
  await startTrial(owner.context);
  const res = await owner.context.request.post('/api/cards/1/upload', {
    multipart: { image: { name: 'mj.jpg', mimeType: 'image/jpeg', buffer: image }, ...OWNED },
  });
  if (!res.ok()) throw new Error(`seed: ${res.status()} ${await res.text()}`);
  const link = await owner.context.request.post('/api/share', { data: { showValues: true, title: 'The Vault', layout: '4x5' } });
  const shareUrl = ((await link.json()) as { url: string }).url;
  const storage = await owner.context.storageState();
  await owner.context.close();

  for (const { theme, width } of VARIANTS) {
    const tag = `${theme}-${width}`;
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: width > 800 ? 900 : 844 }, storageState: storage });
    await context.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
    const page = await context.newPage();
    await page.route('**/api/analyze-card', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(ANALYSIS) }));
    await page.goto('/gallery');
    await hydrated(page);
    await page.waitForSelector('[data-testid="filled-slot"] img');

    await page.locator('li[data-slot="2"] button').first().click();
    await page
      .getByTestId('add-photo-input')
      .setInputFiles({ name: 'luka.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('2018 Prizm Luka Doncic #280', 200) });
    await page.getByRole('button', { name: 'Analyze Card' }).click();
    await page.getByTestId('toast').getByText('Analysis Complete').waitFor();
    await shot(page, `add-${tag}`);
    await page.locator('.ratio-dialog').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot(page, `add-bottom-${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ratio-dialog').waitFor({ state: 'hidden' });

    await page.locator('li[data-slot="1"] button.g-face').click();
    await page.getByTestId('viewer-facts').waitFor();
    await shot(page, `viewer-${tag}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Card' }).waitFor();
    await shot(page, `edit-${tag}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    const visitor = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width, height: width > 800 ? 900 : 844 } });
    await visitor.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
    const anon = await visitor.newPage();
    await anon.route('**/api/analyze-card', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(ANALYSIS) }));
    await anon.goto('/start-collection');
    await hydrated(anon);
    await anon
      .getByTestId('photo-input')
      .setInputFiles({ name: 'luka.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('2018 Prizm Luka Doncic #280', 200) });
    await anon.getByTestId('photo-preview').waitFor();
    await anon.getByRole('button', { name: 'Analyze', exact: true }).click();
    await anon.getByTestId('toast').getByText('Analysis Complete').waitFor();
    await anon.getByLabel('Cert Number', { exact: true }).scrollIntoViewIfNeeded();
    await shot(anon, `start-${tag}`);
    await anon.getByRole('button', { name: 'Save to Collection' }).click();
    await anon.waitForURL('**/collection');
    await hydrated(anon);
    await anon.getByTestId('filled-slot').first().hover();
    await anon
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await anon.getByRole('heading', { name: 'Edit Card Details' }).waitFor();
    await shot(anon, `collection-edit-${tag}`);
    await visitor.close();

    const stranger = await e2e.browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 } });
    await stranger.addInitScript((t) => localStorage.setItem('ratio-theme', t), theme);
    const shared = await stranger.newPage();
    await shared.goto(shareUrl.replace(/^https?:\/\/[^/]+/, e2e.url));
    await shared.locator('[data-view]').first().click();
    await shared.locator('[data-viewer-facts]').waitFor();
    await shot(shared, `share-viewer-${tag}`);
    await stranger.close();
    await context.close();
  }
  console.log('saved to', OUT);
} finally {
  await e2e.close();
}
