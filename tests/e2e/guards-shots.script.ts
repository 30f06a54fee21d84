/**
 * Not a test: screenshots of the screens the axe walk's last round changed (docs/choices.md 47), at 1280
 * and 390, both themes: the route guards' cards (signed out, the user not fetched), the share dialog's
 * revoke confirmation, and /admin's header on a phone.
 *   npm run build && node tests/e2e/guards-shots.script.ts   -> /tmp/guards-shots (OUT=...)
 */
import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { hydrated, startE2E } from '../helpers/e2e.ts';
import { settle, SIZES, THEMES, screenContext } from '../helpers/screens.ts';
import { openGallery, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';
import { seedAdminData, signInAs } from './admin-seed.ts';

const OUT = process.env.OUT ?? '/tmp/guards-shots';
await fs.mkdir(OUT, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: `${OUT}/${name}.png` });
}

const e2e = await startE2E();
try {
  const owner = await e2e.newPage();
  await signUp(owner.context, 'owner@example.com', 'Alexandra', 'Montgomery-Whitfield');
  await startTrial(owner.context);
  await seedCard(owner.context, 1, { title: '2018 Prizm Luka Doncic #280', value: '$1,250' }, await slabJpeg('2018 Prizm Luka Doncic', 200));
  await owner.context.request.post('/api/share', { data: { showValues: true } });
  const state = await owner.context.storageState();
  await owner.context.close();
  const { admin } = await seedAdminData(e2e.server, 20);

  for (const theme of THEMES) {
    for (const size of SIZES) {
      const tag = `${theme}-${size.width}`;
      const context = await screenContext(e2e, size, { theme, storageState: state });
      const page = await context.newPage();
      await page.route('**/api/user', (route) => route.fulfill({ status: 401, json: { message: 'Not authenticated' } }));
      await page.route(
        (url) => url.pathname === '/auth',
        (route) => route.fulfill({ status: 204 }),
      );
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Please sign in to access your account' }).waitFor();
      await shot(page, `guard-signed-out-${tag}`);
      await page.unroute('**/api/user');
      await page.route('**/api/user', (route) => route.abort('internetdisconnected'));
      await page.goto('/account');
      await page.getByRole('heading', { name: 'Failed to fetch user' }).waitFor();
      await shot(page, `guard-not-fetched-${tag}`);
      await page.unroute('**/api/user');

      await openGallery(page);
      await page.getByTestId('share-button').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke Link' }).click();
      await page.getByRole('dialog').getByText('The link will stop working for everyone.').waitFor();
      await shot(page, `share-revoke-confirm-${tag}`);
      await context.close();

      const adm = await screenContext(e2e, size, { theme });
      const admPage = await adm.newPage();
      await signInAs(e2e.server, adm, e2e.url, admin);
      await admPage.goto('/admin');
      await hydrated(admPage);
      await admPage.getByRole('heading', { name: 'Platform Analytics' }).waitFor();
      await shot(admPage, `admin-top-${tag}`);
      await adm.close();
    }
  }
} finally {
  await e2e.close();
}
console.log(`screenshots in ${OUT}`);
