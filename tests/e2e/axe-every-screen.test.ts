/**
 * docs/choices.md 47 item 11: axe-core over every page of the built site and every dialog they open,
 * dark and light, at 1280x800 and 390x844 (touch). Each screen is checked once what it shows has
 * settled (no transition or finite animation running, fonts loaded), so a dialog caught mid-fade never
 * reads as low contrast. A failure names the screen, the theme, the rule and its first nodes.
 *
 * Each screen size is walked once, and every screen is checked in both themes there: switched on the
 * page as the theme switch does (the `data-theme` the islands follow, the switches' labels as the server
 * writes them for a light page), so the flows that reach a screen (sign-ups, analyses, payments) run
 * once a size, not once a theme. Every rule runs in the dark theme, the page as sent; in the light one
 * the rules that read colours (COLOUR_RULES): the light theme's rules change colours, shadows and which
 * of the switch's two hidden icons shows, never what the page holds or names.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hydrated, latestEmail, startE2E, type TE2E } from '../helpers/e2e.ts';
import { axeViolations, COLOUR_RULES } from '../helpers/axe.ts';
import { READ_MS } from '../helpers/bounds.ts';
import { screenContext, settle, SIZES, THEMES, visitorCollection, type TScreenSize, type TStorageState, type TTheme } from '../helpers/screens.ts';
import { themeToggleLabel } from '../../core/theme.ts';
import { openGallery, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';
import { fillTestCard, futureExpiry } from './billing-helpers.ts';
import { seedAdminData, signInAs } from './admin-seed.ts';
import { breakCardsAnswer } from './crash-seed.ts';

type TWho = 'visitor' | 'free' | 'trial' | 'pro' | 'admin';

/** Another app's export (its own column names): the import asks how its columns map. */
const OTHER_APP_CSV = fs.readFileSync(path.resolve('tests/fixtures/exports/other-app.csv'));

let e2e: TE2E;
const states: Partial<Record<TWho, TStorageState>> = {};
let shareLink = '';
let emails = 0;
const email = (who: string) => `${who}-${++emails}@axe.example.com`;

/** A PRO account by the TEST MODE payment, for the context's user. */
async function pay(context: BrowserContext): Promise<void> {
  const step = (await (await context.request.post('/api/create-subscription')).json()) as { clientSecret: string };
  const paid = await context.request.post('/api/billing/test/pay', {
    data: { clientSecret: step.clientSecret, card: { number: '4242424242424242', expiry: futureExpiry(), cvc: '123' } },
  });
  if (!paid.ok()) throw new Error(`pay: ${paid.status()} ${await paid.text()}`);
}

/** Cards with photos in slots 1..n, one whose value moved (its viewer shows the change). */
async function seedWall(context: BrowserContext, n: number): Promise<void> {
  const titles = ['2018 Prizm Luka Doncic #280', '2003 Topps Chrome LeBron James #111', '2011 Topps Update Mike Trout #US175'];
  for (let i = 0; i < n; i++) {
    await seedCard(
      context,
      i + 1,
      { title: titles[i % titles.length]!, description: 'PSA 10 GEM MT', value: `$${(i + 1) * 250}`, allTimeHigh: `$${(i + 1) * 400}` },
      await slabJpeg(titles[i % titles.length]!, i * 70),
    );
  }
  const moved = await context.request.patch('/api/cards/1', { data: { value: '$310' } });
  if (!moved.ok()) throw new Error(`patch: ${moved.status()}`);
}

beforeAll(async () => {
  e2e = await startE2E();
  const free = await e2e.newPage();
  await signUp(free.context, email('free'), 'Jordan', 'Reyes');
  await seedWall(free.context, 2);
  // A card without a photo (as a CSV import makes): its placard.
  const csv = 'Slot,Title,Description,Value\n3,1986 Fleer Michael Jordan #57,PSA 8 NM-MT,"$9,500"\n';
  const imported = await free.context.request.post('/api/cards/import', { data: { csv } });
  if (!imported.ok()) throw new Error(`import: ${imported.status()} ${await imported.text()}`);
  states.free = await free.context.storageState();
  await free.context.close();

  const trial = await e2e.newPage();
  await signUp(trial.context, email('trial'), 'Avery', 'Stone');
  await startTrial(trial.context);
  await seedWall(trial.context, 3);
  states.trial = await trial.context.storageState();
  await trial.context.close();

  const pro = await e2e.newPage();
  await signUp(pro.context, email('pro'), 'Riley', 'Park');
  await pay(pro.context);
  await seedWall(pro.context, 3);
  const share = await pro.context.request.post('/api/share', { data: { showValues: true, showOwnerName: true } });
  if (!share.ok()) throw new Error(`share: ${share.status()} ${await share.text()}`);
  shareLink = new URL(((await share.json()) as { url: string }).url).pathname;
  states.pro = await pro.context.storageState();
  await pro.context.close();

  const { admin } = await seedAdminData(e2e.server, 20);
  const adm = await e2e.newPage();
  await signInAs(e2e.server, adm.context, e2e.url, admin);
  states.admin = await adm.context.storageState();
  await adm.context.close();
}, 300_000); // four accounts, eight photos and the demo users: minutes on a busy 2-core box.
afterAll(async () => {
  await e2e?.close();
});

/** Puts the page in `theme` as the theme switch does, with the switches labelled as a page sent in it. */
async function showTheme(page: Page, theme: TTheme): Promise<void> {
  await page.evaluate(
    ({ theme, label }) => {
      document.documentElement.dataset.theme = theme;
      for (const toggle of document.querySelectorAll('[data-theme-toggle]')) toggle.setAttribute('aria-label', label);
    },
    { theme, label: themeToggleLabel(theme) },
  );
}

/** One browser per screen size, its findings gathered by screen and theme. */
function walker(size: TScreenSize) {
  const findings: string[] = [];
  const contexts: BrowserContext[] = [];
  return {
    findings,
    /** A page in a fresh context as `who`, sent dark (the axe script is injected: the page's CSP is bypassed). */
    async page(who: TWho): Promise<Page> {
      const context = await screenContext(e2e, size, { theme: 'dark', bypassCSP: true, storageState: states[who as Exclude<TWho, 'visitor'>] });
      contexts.push(context);
      return context.newPage();
    },
    /**
     * Runs axe-core over the page as it is now in each theme, once it has settled in it (every rule dark,
     * the colour rules light); records what it finds under `screen` and the theme. The page is left dark,
     * as it was sent.
     */
    async check(page: Page, screen: string): Promise<void> {
      for (const theme of THEMES) {
        await showTheme(page, theme);
        await settle(page);
        for (const v of await axeViolations(page, theme === 'dark' ? undefined : COLOUR_RULES)) findings.push(`${screen} (${theme}): ${v}`);
      }
      await showTheme(page, 'dark');
    },
    async close(): Promise<void> {
      for (const c of contexts.splice(0)) await c.close();
    },
  };
}

type TWalker = ReturnType<typeof walker>;

/** The open dialog (role=dialog), once it shows. */
async function dialog(page: Page) {
  const d = page.getByRole('dialog');
  await d.waitFor();
  return d;
}

/** Closes the open dialog with Esc and waits until it is gone. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

/** Opens slot `n`'s viewer, edit or delete dialog as a keyboard does: the slot focused shows its buttons. */
async function slotAction(page: Page, n: number, action: 'view' | 'edit' | 'delete'): Promise<void> {
  await page.locator(`li[data-slot="${n}"] button.g-face`).focus();
  const button = page.locator(`li[data-slot="${n}"] button[data-action="${action}"]`);
  await button.waitFor();
  await button.focus();
  await page.keyboard.press('Enter');
}

async function publicPages(w: TWalker): Promise<void> {
  const page = await w.page('visitor');
  for (const [path, ready] of [
    ['/', 'h1'],
    ['/auth', 'form'],
    ['/forgot-password', 'form'],
    ['/reset-password', 'main'],
    ['/reset-password?token=not-a-token', 'form'],
    ['/pricing', 'button:has-text("Create Account")'],
    ['/no/such/page', 'h1'],
    ['/share/not-a-live-link', 'h1'],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await page.locator(ready).first().waitFor();
    await w.check(page, path);
  }
  // The sign-in form refusing a wrong password (an account that exists: an unknown address sends
  // the page home a moment later), the forgot-password answer and a real reset link.
  const resetFor = email('reset');
  await page.context().request.post('/api/register', { data: { email: resetFor, password: 'secret-pass-1', firstName: 'Reese', lastName: 'Set' } });
  await page.context().clearCookies();
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('Email').fill(resetFor);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.locator('form button[type="submit"]').first().click();
  await page.getByTestId('toast').getByText('Login failed').waitFor();
  await w.check(page, '/auth, a refused sign-in');
  const reset = await w.page('visitor');
  await reset.goto('/forgot-password');
  await hydrated(reset);
  await reset.getByLabel('Email').fill(resetFor);
  await reset.getByRole('button', { name: 'Send Reset Link' }).click();
  await reset.getByText('Check your email').waitFor();
  await w.check(reset, '/forgot-password, sent');
  const mail = await latestEmail(e2e.outboxDir, resetFor);
  const link = /https?:\/\/\S*reset-password\?token=[\w%.-]+/.exec(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0];
  await reset.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await hydrated(reset);
  await reset.getByLabel('New Password', { exact: true }).waitFor();
  await w.check(reset, '/reset-password, a live link');
}

async function visitorPages(w: TWalker): Promise<void> {
  const page = await w.page('visitor');
  await page.goto('/start-collection');
  await hydrated(page);
  await w.check(page, '/start-collection');
  await page.getByTestId('photo-input').setInputFiles({ name: 'slab.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('2018 Prizm Luka Doncic', 200) });
  await page.getByTestId('photo-preview').waitFor();
  await page.getByRole('button', { name: 'Analyze', exact: true }).click();
  await page.getByRole('button', { name: 'Save to Collection' }).waitFor({ timeout: READ_MS });
  await w.check(page, '/start-collection, analyzed');

  await visitorCollection(page);
  await page.goto('/collection');
  await hydrated(page);
  await w.check(page, '/collection');
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('button[aria-label^="Edit"]')?.click());
  await (await dialog(page)).getByRole('heading', { name: 'Edit Card Details' }).waitFor();
  await w.check(page, '/collection, Edit Card Details');
  await closeDialog(page);
  await page.goto('/collection?showUpgrade=true');
  await hydrated(page);
  await dialog(page);
  await w.check(page, '/collection, the upgrade dialog');
  await closeDialog(page);

  // A visitor's guest checkout (TEST MODE) and the account it makes: /test-checkout, /complete-setup.
  await page.goto('/pricing');
  await hydrated(page);
  await page.getByRole('button', { name: 'Skip the trial? Subscribe now' }).click();
  await w.check(page, "/pricing, the visitor's payment step");
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
  const checkout = await opened;
  await checkout.waitForURL('**/test-checkout?session_id=*');
  await hydrated(checkout);
  await w.check(checkout, '/test-checkout');
  await checkout.getByLabel('Email').fill(email('guest'));
  await fillTestCard(checkout, '4242424242424242');
  await checkout.getByRole('button', { name: 'Pay $10.00' }).click();
  await checkout.waitForURL('**/complete-setup?session_id=*');
  await hydrated(checkout);
  await checkout.locator('form').first().waitFor();
  await w.check(checkout, '/complete-setup');
}

async function freeGallery(w: TWalker): Promise<void> {
  const page = await w.page('free');
  await openGallery(page);
  await w.check(page, '/gallery, free');
  await slotAction(page, 1, 'view');
  await (await dialog(page)).getByTestId('viewer').waitFor();
  await w.check(page, '/gallery, free, the viewer');
  await closeDialog(page);
  await slotAction(page, 1, 'edit');
  await dialog(page);
  await w.check(page, '/gallery, free, the edit dialog');
  await closeDialog(page);
  await slotAction(page, 2, 'delete');
  await dialog(page);
  await w.check(page, '/gallery, free, the delete confirmation');
  await closeDialog(page);
  // The add dialog, empty, then with a photo analyzed.
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('li[data-testid="empty-slot"] button')?.click());
  const add = await dialog(page);
  await w.check(page, '/gallery, free, Add Item');
  await add.getByTestId('add-photo-input').setInputFiles({ name: 'slab.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('2020 Prizm Justin Herbert', 30) });
  await add.getByRole('button', { name: 'Analyze Card' }).click();
  // The label reader's answer: a core's wait on a loaded machine (bounds.ts).
  await page.getByTestId('toast').first().waitFor({ timeout: READ_MS });
  await add.getByRole('button', { name: 'Add to Gallery' }).waitFor();
  await w.check(page, '/gallery, free, Add Item analyzed (a toast showing)');
  await closeDialog(page);
  // What a free account is offered instead: the layouts', swap's and share's upsells.
  const toolbar = page.getByTestId('gallery-toolbar');
  await toolbar.getByRole('button', { name: /^4x5/ }).click();
  await dialog(page);
  await w.check(page, '/gallery, free, the layouts upsell');
  await closeDialog(page);
  await toolbar.getByRole('button', { name: /SWAP MODE/ }).click();
  await dialog(page);
  await w.check(page, '/gallery, free, the swap upsell');
  await closeDialog(page);
  await page.getByTestId('share-button').click();
  await dialog(page);
  await w.check(page, '/gallery, free, share');
  await closeDialog(page);
  await page.getByTestId('csv-import').click();
  await dialog(page);
  await w.check(page, '/gallery, free, Import cards');
  await closeDialog(page);
  await toolbar.getByText('EXPORT CSV').click();
  await page.getByRole('list', { name: 'Export layouts' }).waitFor();
  await w.check(page, '/gallery, free, the export menu');
  await page.keyboard.press('Escape');
  await page.getByTestId('bulk-add').click();
  await dialog(page);
  await w.check(page, '/gallery, free, Bulk add');
  await closeDialog(page);

  for (const path of ['/account', '/pricing', '/subscribe']) {
    await page.goto(path);
    await hydrated(page);
    await page.locator('h1, h2').first().waitFor();
    await w.check(page, `${path}, free`);
  }
  await page.goto('/pricing');
  await hydrated(page);
  await page.getByRole('button', { name: 'SKIP TRIAL, SUBSCRIBE NOW' }).click();
  await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).waitFor();
  await w.check(page, '/pricing, free, the payment step');
  await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
  await page.waitForURL(/\/payment\?/);
  await hydrated(page);
  await page.getByText('TEST MODE').first().waitFor();
  await w.check(page, '/payment');
  await page.goto('/admin');
  await hydrated(page);
  await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
  await w.check(page, '/admin, not an admin');
}

async function proGallery(w: TWalker, who: 'trial' | 'pro'): Promise<void> {
  const page = await w.page(who);
  await openGallery(page);
  await w.check(page, `/gallery, ${who}`);
  // On a phone the panels fold behind one button.
  const panels = page.locator('button.g-panels-toggle');
  if (await panels.isVisible()) {
    await panels.click();
    await page.getByTestId('insights').waitFor();
    await w.check(page, `/gallery, ${who}, the insights unfolded`);
  }
  await page.getByTestId('value-chart-toggle').click();
  await page.getByTestId('total-value-history').waitFor();
  await w.check(page, `/gallery, ${who}, the value chart open`);
  await page.getByTestId('value-chart-toggle').click();
  await slotAction(page, 1, 'view');
  const viewer = await dialog(page);
  await viewer.getByTestId('value-history-change').waitFor();
  await w.check(page, `/gallery, ${who}, the viewer`);
  // The viewer's market forms: a price alert, then the card marked as sold (each opened alone).
  const market = viewer.getByTestId('market-value');
  await market.getByRole('button', { name: 'Price alert' }).click();
  await market.getByTestId('market-alert-form').waitFor();
  await w.check(page, `/gallery, ${who}, the viewer's price-alert form`);
  await market.getByRole('button', { name: 'Price alert' }).click();
  await market.getByRole('button', { name: 'Mark as sold' }).click();
  await market.getByRole('form', { name: 'Mark the card as sold' }).waitFor();
  await w.check(page, `/gallery, ${who}, the viewer's sold form`);
  await closeDialog(page);
  await slotAction(page, 1, 'edit');
  await dialog(page);
  await w.check(page, `/gallery, ${who}, the edit dialog`);
  await closeDialog(page);

  const toolbar = page.getByTestId('gallery-toolbar');
  await toolbar.getByRole('button', { name: /REGISTRY MODE/ }).click();
  await w.check(page, `/gallery, ${who}, registry mode`);
  await toolbar.getByRole('button', { name: /REGISTRY MODE/ }).click();
  await toolbar.getByRole('button', { name: /^CUSTOM/ }).click();
  await w.check(page, `/gallery, ${who}, the custom layout`);
  await toolbar.getByRole('button', { name: /^4x5/ }).click();
  await toolbar.getByRole('button', { name: /SWAP MODE/ }).click();
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('li[data-slot="1"] button')?.click());
  await w.check(page, `/gallery, ${who}, swap mode with a card picked`);
  await page.keyboard.press('Escape');
  await toolbar.getByRole('button', { name: /SWAP MODE/ }).click();
  await page.getByTestId('share-button').click();
  const share = await dialog(page);
  await w.check(page, `/gallery, ${who}, share`);
  // The revoke confirmation. The PRO account's link stays (the shared wall is walked later); the trial's
  // is made here, revoked, and then opened as a visitor would open a link that was posted.
  if (who === 'trial') {
    await share.getByRole('button', { name: 'Create Link' }).click();
    await share.getByRole('button', { name: 'Revoke Link' }).waitFor();
  }
  const made = who === 'trial' ? ((await (await page.context().request.get('/api/share')).json()) as { url: string }).url : '';
  await share.getByRole('button', { name: 'Revoke Link' }).click();
  await share.getByText('The link will stop working for everyone.').waitFor();
  await w.check(page, `/gallery, ${who}, share, the revoke confirmation`);
  if (who === 'trial') {
    await share.getByRole('button', { name: 'Revoke Link' }).click();
    await page.getByTestId('toast').getByText('Link Revoked').waitFor();
    await share.getByRole('button', { name: 'Create Link' }).waitFor();
    const visitor = await w.page('visitor');
    await visitor.goto(new URL(made).pathname);
    await hydrated(visitor);
    await visitor.locator('h1').first().waitFor();
    await w.check(visitor, '/share/<token>, revoked');
  } else {
    await share.getByRole('button', { name: 'Keep Link' }).click();
  }
  await closeDialog(page);
  await page.getByTestId('csv-import').click();
  const importer = await dialog(page);
  await importer.getByTestId('import-file').setInputFiles({
    name: 'cards.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Slot,Title,Description,Value\n9,2020 Prizm Justin Herbert #325,PSA 10 GEM MT,$340\n10,,,\n'),
  });
  await importer.getByTestId('import-summary').waitFor();
  await w.check(page, `/gallery, ${who}, Import cards with a preview`);
  await closeDialog(page);
  // Another app's columns: the mapping step.
  await page.getByTestId('csv-import').click();
  const mapper = await dialog(page);
  await mapper.getByTestId('import-file').setInputFiles({ name: 'my-list.csv', mimeType: 'text/csv', buffer: OTHER_APP_CSV });
  await mapper.getByTestId('import-mapping').waitFor();
  await w.check(page, `/gallery, ${who}, Import cards, the column mapping`);
  await closeDialog(page);
  await page.getByTestId('bulk-add').click();
  const bulk = await dialog(page);
  await w.check(page, `/gallery, ${who}, Bulk add by cert`);
  await bulk.getByTestId('bulk-tab-photos').click();
  await w.check(page, `/gallery, ${who}, Bulk add by photo`);
  await closeDialog(page);

  await page.goto('/account');
  await hydrated(page);
  await page.getByTestId('subscription').waitFor();
  await w.check(page, `/account, ${who}`);
  await page.goto('/pricing');
  await hydrated(page);
  await page.locator('h1, h2').first().waitFor();
  await w.check(page, `/pricing, ${who}`);
  if (who === 'pro') {
    await page.goto('/payment-success');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Welcome to Ratio PRO!' }).waitFor();
    await w.check(page, '/payment-success');
    const portal = await page.context().request.post('/api/subscription/portal');
    const { url } = (await portal.json()) as { url: string };
    await page.goto(url.replace(/^https?:\/\/[^/]+/, ''));
    await hydrated(page);
    await page.getByTestId('card-on-file').waitFor();
    await w.check(page, '/test-billing-portal');
  }
}

/**
 * The route guards' cards: a session that ends while /gallery is open (its next check of the user), a
 * protected page opened as the session ends, a user that cannot be fetched, the dashboard's figures
 * that cannot be loaded. The guard then sends the page to /auth: that navigation is answered with
 * nothing, so the card stays what the user sees.
 */
async function guards(w: TWalker): Promise<void> {
  // A 204 answer ends a navigation without leaving the page: the card stays on the screen.
  const holdSignIn = (page: Page) =>
    page.route(
      (url) => url.pathname === '/auth',
      (route) => route.fulfill({ status: 204 }),
    );
  const signedOut = (page: Page) => page.route('**/api/user', (route) => route.fulfill({ status: 401, json: { message: 'Not authenticated' } }));

  const gallery = await w.page('free');
  await gallery.clock.install();
  await openGallery(gallery);
  await holdSignIn(gallery);
  await signedOut(gallery);
  await gallery.clock.fastForward(31_000); // the user is checked every 30 s
  await gallery.getByRole('heading', { name: 'Please sign in to continue' }).waitFor();
  await w.check(gallery, '/gallery, the session ended');

  for (const [path, who, heading] of [
    ['/account', 'free', 'Please sign in to access your account'],
    ['/admin', 'admin', 'Please sign in to view the dashboard'],
  ] as const) {
    const page = await w.page(who);
    await holdSignIn(page);
    await signedOut(page);
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).waitFor();
    await w.check(page, `${path}, signed out`);
  }

  const offline = await w.page('free');
  await offline.route('**/api/user', (route) => route.abort('internetdisconnected'));
  await offline.goto('/account');
  await offline.getByRole('heading', { name: 'Failed to fetch user' }).waitFor();
  await w.check(offline, '/account, the user not fetched');

  const admin = await w.page('admin');
  await admin.route('**/api/admin/stats', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }));
  await admin.goto('/admin');
  await admin.getByRole('heading', { name: 'Could not load the dashboard' }).waitFor();
  await w.check(admin, '/admin, the figures not loaded');
}

async function sharedAdminCrash(w: TWalker): Promise<void> {
  const visitor = await w.page('visitor');
  await visitor.goto(shareLink);
  await visitor.getByTestId('shared-wall').waitFor();
  await w.check(visitor, '/share/<token>');
  await visitor
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  await visitor.getByTestId('shared-viewer').waitFor();
  await w.check(visitor, '/share/<token>, the viewer');

  const admin = await w.page('admin');
  await admin.goto('/admin');
  await hydrated(admin);
  await admin.locator('.admin-chart, canvas, svg').first().waitFor();
  await w.check(admin, '/admin');

  const crash = await w.page('free');
  await breakCardsAnswer(crash);
  await crash.goto('/gallery');
  await hydrated(crash);
  await crash.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
  await w.check(crash, 'the crash screen');
}

for (const size of SIZES) {
  describe(`axe-core at ${size.width} px, dark and light`, () => {
    const areas: Array<[string, (w: TWalker) => Promise<void>]> = [
      ['the public pages: landing, sign-in, password reset, pricing, 404, a dead share link', publicPages],
      ["a visitor's /start-collection, /collection and its dialogs, guest checkout and /complete-setup", visitorPages],
      ["a free account's /gallery with each dialog, /account, /pricing, /payment", freeGallery],
      ["a trial's /gallery with each dialog and tool, /account, /pricing", (w) => proGallery(w, 'trial')],
      ["a PRO account's /gallery, /account, /payment-success, the billing portal", (w) => proGallery(w, 'pro')],
      ['a shared wall and its viewer, /admin, the crash screen', sharedAdminCrash],
      ["the route guards' cards: signed out, the user not fetched, the dashboard not loaded", guards],
    ];
    for (const [name, walk] of areas) {
      it(
        `finds nothing on ${name}`,
        async () => {
          const w = walker(size);
          try {
            await walk(w);
          } finally {
            await w.close();
          }
          expect(w.findings).toEqual([]);
        },
        300_000 + READ_MS,
      );
    }
  });
}
