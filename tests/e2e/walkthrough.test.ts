/**
 * docs/choices.md 47: what a collector saw on /gallery at 1280x800 and 390x844 (touch), both themes.
 * Photos in their frames, every tool reachable on a phone, the first row of cards on a laptop's
 * first screen, the value chart's headline and axis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { lockUser } from '../../api/services/accounts/lock-user.ts';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { openGallery, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';
import { currentUser, fillTestCard, freeUserToPayment } from './billing-helpers.ts';
import { formatShortDate } from '../../core/format.ts';
import { animationsSettled, axeViolations } from '../helpers/axe.ts';
import { READ_MS, READ_TEST_MS } from '../helpers/bounds.ts';
import { screenContext, SIZES, THEMES, visitorCollection, type TScreenSize, type TStorageState, type TTheme } from '../helpers/screens.ts';

let e2e: TE2E;
let trialState: TStorageState;
let emails = 0;
const email = (who: string) => `${who}-${++emails}@walk.example.com`;

/** A flat PNG of the given size: photos of any aspect ratio. */
const flat = (width: number, height: number, hue: number) =>
  sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 60%, 45%)` } })
    .png()
    .toBuffer();

beforeAll(async () => {
  e2e = await startE2E();
  const { context } = await e2e.newPage();
  await signUp(context, email('trial'), 'Avery', 'Stone');
  await startTrial(context);
  const photos = [
    await slabJpeg('2018 Prizm Luka Doncic', 20),
    await flat(900, 300, 200), // very wide
    await flat(300, 1200, 120), // very tall
    await flat(600, 600, 300), // square
    await slabJpeg('2003 Topps Chrome LeBron James', 80),
  ];
  for (let i = 0; i < photos.length; i++) await seedCard(context, i + 1, { title: `Card ${i + 1}`, value: `$${(i + 1) * 100}` }, photos[i]!);
  trialState = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await e2e?.close();
});

async function trialPage(size: TScreenSize, theme: TTheme = 'dark'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await screenContext(e2e, size, { theme, storageState: trialState });
  const page = await context.newPage();
  await openGallery(page);
  return { context, page };
}

/** Presses the pointer at the element's centre as the page is now, without scrolling it into view first. */
async function clickWhereItIs(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('card photos (docs/choices.md 47 item 1)', () => {
  for (const size of SIZES) {
    for (const theme of THEMES) {
      it(`every photo sits inside its frame at ${size.width} px, ${theme}`, async () => {
        const { context, page } = await trialPage(size, theme);
        await page.waitForFunction(
          () =>
            [...document.querySelectorAll<HTMLImageElement>('.g-grid img')].length >= 5
            && [...document.querySelectorAll<HTMLImageElement>('.g-grid img')].every((img) => img.complete && img.naturalWidth > 0),
        );
        const spills = await page.$$eval('.g-grid .g-frame', (frames) =>
          frames.flatMap((frame) => {
            const f = frame.getBoundingClientRect();
            return [...frame.querySelectorAll('img, [data-testid="no-photo"]')].flatMap((el) => {
              const r = el.getBoundingClientRect();
              const inside = r.left >= f.left - 0.5 && r.right <= f.right + 0.5 && r.top >= f.top - 0.5 && r.bottom <= f.bottom + 0.5;
              return inside ? [] : [`${el.tagName} ${Math.round(r.width)}x${Math.round(r.height)} in ${Math.round(f.width)}x${Math.round(f.height)}`];
            });
          }),
        );
        expect(spills).toEqual([]);
        await context.close();
      });
    }
  }
});

/** Every control of `root` whose box is not wholly inside the viewport's width. */
async function offScreen(page: Page, root: string): Promise<string[]> {
  return page.$$eval(`${root} :is(button, summary, a, input)`, (els) =>
    els.flatMap((el) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return [`${el.textContent?.trim()} (hidden)`];
      return r.left >= 0 && r.right <= window.innerWidth ? [] : [`${el.textContent?.trim()} ${Math.round(r.left)}..${Math.round(r.right)}`];
    }),
  );
}

/** Every link or button of `root` whose text the page cuts off (an ellipsis, a clipped box). */
async function cutOff(page: Page, root: string): Promise<string[]> {
  return page.$$eval(`${root} :is(a, button)`, (els) =>
    els.flatMap((el) =>
      el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
        ? [`${el.textContent?.trim()} ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`]
        : [],
    ),
  );
}

describe('a phone reaches every tool and link (docs/choices.md 47 item 2)', () => {
  const NAME = 'Morgan Montgomery-Whitfield';
  for (const theme of THEMES) {
    it(`shows the 10 gallery tools and the header's links within 390 px, ${theme}`, async () => {
      const { context: signup } = await e2e.newPage();
      const { id } = await signUp(signup, email('admin'), 'Morgan', 'Montgomery-Whitfield');
      await startTrial(signup);
      await e2e.server.deps.db('users').where({ id }).update({ is_admin: true });
      await seedCard(signup, 1, { title: 'One card', value: '$10' }, await slabJpeg('One card', 40));
      const state = await signup.storageState();
      await signup.close();
      const context = await screenContext(e2e, SIZES[1], { theme, storageState: state });
      const page = await context.newPage();
      await openGallery(page);

      const toolbar = page.getByTestId('gallery-toolbar');
      // 5 layouts, FULL GALLERY, REGISTRY MODE, SWAP MODE, SHARE, EXPORT CSV, IMPORT CSV.
      await expect(toolbar.locator(':is(button, summary)').count()).resolves.toBeGreaterThanOrEqual(10);
      expect(await offScreen(page, '[data-testid="gallery-toolbar"]')).toEqual([]);
      expect(await toolbar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The tools still work from there: SHARE opens its dialog; EXPORT CSV its list, within the screen.
      await toolbar.getByRole('button', { name: /SHARE/ }).click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await toolbar.getByText('EXPORT CSV').click();
      const list = page.getByRole('list', { name: 'Export layouts' });
      await list.waitFor();
      const box = (await list.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);

      // The header: the name (to /account) and ADMIN are on the screen.
      expect(await offScreen(page, 'header')).toEqual([]);
      const header = page.locator('header');
      await expect(header.getByRole('link', { name: NAME }).isVisible()).resolves.toBe(true);
      await expect(header.getByRole('link', { name: 'ADMIN', exact: true }).isVisible()).resolves.toBe(true);
      expect(await cutOff(page, 'header')).toEqual([]);

      // The admin page's header the same: every link on the screen, the whole name readable, each link reachable.
      await page.goto('/admin');
      await hydrated(page);
      await page.getByRole('heading', { name: 'Platform Analytics' }).waitFor();
      expect(await offScreen(page, 'header')).toEqual([]);
      expect(await cutOff(page, 'header')).toEqual([]);
      const name = page.locator('header').getByRole('link', { name: NAME });
      expect(await name.innerText()).toBe(NAME);
      const nameBox = (await name.boundingBox())!;
      expect(nameBox.y).toBeGreaterThanOrEqual(0);
      expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(844);
      await page.locator('header').getByRole('link', { name: 'SETTINGS' }).tap();
      await page.waitForURL('**/account');
      await context.close();
    });
  }
});

describe('a laptop sees the wall (docs/choices.md 47 item 3)', () => {
  it('shows the first row of cards at 1280x800 for a trial user; the value chart unfolds on demand and stays so', async () => {
    const { context, page } = await trialPage(SIZES[0]);
    const first = page.getByTestId('filled-slot').first();
    const box = (await first.boundingBox())!;
    // At least the top half of the first row's slabs on the first screen.
    expect(box.y + box.height / 2).toBeLessThanOrEqual(800);
    await expect(page.getByTestId('total-value-history').count()).resolves.toBe(0);

    // Keyboard: the fold is a button that says whether it is open.
    const toggle = page.getByTestId('value-chart-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('total-value-history').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.innerText()).toMatch(/Hide value chart/i);
    // Remembered by this browser, and drawn so on the server's first screen.
    await page.reload();
    await hydrated(page);
    await page.getByTestId('total-value-history').waitFor();
    await page.getByTestId('value-chart-toggle').click();
    await page.getByTestId('total-value-history').waitFor({ state: 'detached' });
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('total-value-history').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('the value chart (docs/choices.md 47 item 4)', () => {
  /** Opens the chart on a wall's 90D range and returns its headline and its time labels. */
  async function chart(page: Page): Promise<{ headline: string; labels: string[] }> {
    await page.getByTestId('value-chart-toggle').click();
    const history = page.getByTestId('total-value-history');
    await history.getByRole('button', { name: '90D' }).waitFor();
    expect(await history.getByRole('button', { name: '90D' }).getAttribute('aria-pressed')).toBe('true');
    await history.locator('.vh-plot[data-time-labels]').waitFor();
    return {
      headline: await history.getByTestId('value-change').innerText(),
      labels: (await history.locator('.vh-plot').getAttribute('data-time-labels'))!.split('|'),
    };
  }

  it('does not count cards just added as a gain, and fits the axis to a new wall', async () => {
    const { context, page } = await trialPage(SIZES[0]);
    const { headline, labels } = await chart(page);
    expect(headline).toMatch(/\+\$0 in value over this range/);
    expect(headline).toMatch(/5 cards added \(\+\$1,500\)/);
    expect(headline).not.toMatch(/\+\$1,500 in value/);
    // A few distinct labels across a couple of hours, not a week of eight-hour ones.
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels.length).toBeLessThanOrEqual(12);
    expect(new Set(labels).size).toBe(labels.length);
    await context.close();
  });

  it("dates a week of values by day and tells the cards' movement apart, at 1280 and 390", async () => {
    const { context: signup } = await e2e.newPage();
    const { id } = await signUp(signup, email('week'));
    await startTrial(signup);
    const photo = await slabJpeg('Week card', 10);
    await seedCard(signup, 1, { title: 'Week one', value: '$1,000' }, photo);
    await seedCard(signup, 2, { title: 'Week two', value: '$500' }, photo);
    // Both hung a week ago; one has risen since.
    const db = e2e.server.deps.db;
    const cardIds = (await db('card_slots').where({ user_id: id }).select('id')).map((r: { id: number }) => r.id);
    await db('card_value_history')
      .whereIn('card_id', cardIds)
      .update({ recorded_at: new Date(Date.now() - 7 * 86_400_000) });
    const res = await signup.request.patch('/api/cards/1', { data: { value: '$1,250' } });
    expect(res.ok()).toBe(true);
    const state = await signup.storageState();
    await signup.close();
    for (const size of SIZES) {
      const context = await screenContext(e2e, size, { storageState: state });
      const page = await context.newPage();
      await openGallery(page);
      if (size.touch) await page.locator('.g-panels-toggle').click();
      const { headline, labels } = await chart(page);
      // Both cards came within the 90 days: told apart from the one's rise.
      expect(headline).toMatch(/^\+\$250 in value over this range\s+2 cards added \(\+\$1,500\)$/);
      expect(labels.every((l) => /^[A-Z][a-z]{2} \d{1,2}$/.test(l))).toBe(true); // 'Nov 18': days, no hours
      expect(labels.length).toBeGreaterThanOrEqual(2);
      expect(labels.length).toBeLessThanOrEqual(size.touch ? 4 : 9);
      await context.close();
    }
  });
});

describe('cards without photos (docs/choices.md 47 item 7)', () => {
  it('read like placards: title, year and grade, inside the frame, at 1280 and 390', async () => {
    const { context: signup } = await e2e.newPage();
    const { id } = await signUp(signup, email('imported'));
    const state = await signup.storageState();
    await signup.close();
    // As a CSV import leaves them: no photo.
    await e2e.server.deps.db.transaction(async (trx) => {
      await lockUser(trx, id);
      await trx('card_slots').insert([
        { user_id: id, slot_number: 1, title: 'Pikachu Illustrator', description: 'PSA 9 MINT', grader: 'PSA', grade: 9, year: '1998' },
        { user_id: id, slot_number: 2, title: '2018 Prizm Luka Doncic #280', description: 'PSA 10 GEM MT', grader: 'PSA', grade: 10, year: '2018' },
      ]);
    });
    for (const size of SIZES) {
      const context = await screenContext(e2e, size, { storageState: state });
      const page = await context.newPage();
      await openGallery(page);
      const placeholders = page.getByTestId('slot-grid').getByTestId('no-photo');
      expect(await placeholders.count()).toBe(2);
      expect(await placeholders.nth(0).innerText()).toMatch(/^PSA 9\s+Pikachu Illustrator\s+1998\s+No photo yet$/i);
      expect(await placeholders.nth(1).innerText()).toMatch(/^PSA 10\s+2018 Prizm Luka Doncic #280\s+No photo yet$/i);
      for (const i of [0, 1]) {
        const box = (await placeholders.nth(i).boundingBox())!;
        const frame = (await page.locator('.g-frame').nth(i).boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
        const title = (await placeholders.nth(i).getByTestId('no-photo-title').boundingBox())!;
        expect(title.height).toBeGreaterThan(8);
      }
      await context.close();
    }
  });
});

describe('the add-item dialog (docs/choices.md 47 items 8 and 9)', () => {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  for (const size of SIZES) {
    it(`keeps toasts off its buttons and focus in it through Analyze at ${size.width} px`, { timeout: READ_TEST_MS }, async () => {
      const { context, page } = await trialPage(size);
      const dialog = page.getByRole('dialog');
      await page.locator('li[data-slot="6"] button').click();
      await dialog.getByRole('heading', { name: 'Add Item' }).waitFor();
      await animationsSettled(page);
      // As a user reaches it: scrolled up from below the screen's end when it is not on the screen.
      await dialog.getByRole('button', { name: 'Analyze Card' }).evaluate((el) => {
        const r = el.getBoundingClientRect();
        if (r.bottom > window.innerHeight) el.scrollIntoView({ block: 'end' });
      });
      // A pointer press where the button is: Playwright's own click may scroll it elsewhere when it retries
      // on a loaded machine (to the top of the dialog, under where the toast shows).
      await clickWhereItIs(page, dialog.getByRole('button', { name: 'Analyze Card' }));
      const toast = page.getByTestId('toast');
      await toast.getByText('No Image Selected').waitFor();
      await animationsSettled(page);
      const toastBox = (await toast.boundingBox())!;
      // Where the user is (Analyze just pressed), then scrolled down to the dialog's end.
      for (const name of ['Analyze Card', 'Add to Gallery']) {
        const button = dialog.getByRole('button', { name });
        if (name === 'Add to Gallery') await button.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        const box = (await button.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(size.height);
        expect(overlaps(toastBox, box), `toast over ${name}`).toBe(false);
      }
      // The next action takes the click where it is, the toast still showing (a toast over it would take the press).
      await clickWhereItIs(page, dialog.getByRole('button', { name: 'Add to Gallery' }));
      await dialog.getByText('Choose a photo of your card to add it.').waitFor();

      // Analyze by keyboard: focus stays on it while it runs and after, and Esc closes the dialog.
      await dialog.getByTestId('add-photo-input').setInputFiles({ name: 'slab.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('Keyboard card', 30) });
      const analyze = dialog.getByRole('button', { name: 'Analyze Card' });
      await analyze.focus();
      await page.keyboard.press('Enter');
      await toast.getByText(/Analysis/).waitFor({ timeout: READ_MS });
      expect(await page.evaluate(() => document.querySelector('[role="dialog"]')?.contains(document.activeElement) ?? false)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await context.close();
    });
  }
});

describe("a visitor's first card (docs/choices.md 47 item 8)", () => {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it("keeps 'Analysis Complete' off Save to Collection on /start-collection at 1280 and 390", { timeout: 2 * READ_TEST_MS }, async () => {
    for (const size of SIZES) {
      const context = await screenContext(e2e, size);
      const page = await context.newPage();
      await page.goto('/start-collection');
      await hydrated(page);
      await page.getByTestId('photo-input').setInputFiles({ name: 'slab.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('2018 Prizm Luka Doncic', 200) });
      await page.getByTestId('photo-preview').waitFor();
      await page.getByRole('button', { name: 'Analyze', exact: true }).click();
      const toast = page.getByTestId('toast');
      await toast.getByText('Analysis Complete').waitFor({ timeout: READ_MS });
      const save = page.getByRole('button', { name: 'Save to Collection' });
      // Where the user goes next: the button scrolled up from the screen's end when it is below it.
      await save.evaluate((el) => {
        if (el.getBoundingClientRect().bottom > window.innerHeight) el.scrollIntoView({ block: 'end' });
      });
      await animationsSettled(page);
      const box = (await save.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1); // scrolled to the end: a fraction of a pixel over
      expect(overlaps((await toast.boundingBox())!, box), `toast over Save to Collection at ${size.width} px`).toBe(false);
      await context.close();
    }
  });
});

describe('the shared page (docs/choices.md 47 item 6)', () => {
  it("names the owner by first name only once they tick 'Show my first name', at 1280 and 390", async () => {
    const { context: owner, page } = await e2e.newPage();
    await signUp(owner, email('named'), 'Avery', 'Stone');
    await startTrial(owner);
    await seedCard(owner, 1, { title: 'Named card', value: '$10' }, await slabJpeg('Named card', 50));
    await openGallery(page);
    await page.getByTestId('share-button').click();
    const dialog = page.getByRole('dialog');
    const tick = dialog.getByRole('checkbox', { name: /Show my first name/ });
    expect(await tick.isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await dialog.getByRole('button', { name: 'Revoke Link' }).waitFor();
    const shareOf = async () => (await (await owner.request.get('/api/share')).json()) as { url: string; showOwnerName: boolean };
    const { url } = await shareOf();
    const eyebrows = async () => {
      const seen: string[] = [];
      for (const size of SIZES) {
        const visitor = await screenContext(e2e, size);
        const v = await visitor.newPage();
        await v.goto(url);
        seen.push((await v.getByTestId('shared-wall').locator('.sw-head .eyebrow').textContent())!);
        expect(await v.locator('body').textContent()).not.toContain('Stone');
        await visitor.close();
      }
      return seen;
    };
    expect((await eyebrows()).every((t) => /^Shared collection · /.test(t))).toBe(true);
    await tick.check();
    await expect.poll(async () => (await shareOf()).showOwnerName).toBe(true);
    expect((await eyebrows()).every((t) => /^Avery's collection · /.test(t))).toBe(true);
    await owner.close();
  });

  it('says plainly what it shows of a larger collection, and is sent compressed', async () => {
    const { context: owner } = await e2e.newPage();
    const { id } = await signUp(owner, email('sharer'), 'Avery', 'Stone');
    await startTrial(owner);
    await e2e.server.deps.db.transaction(async (trx) => {
      await lockUser(trx, id);
      await trx('card_slots').insert(
        Array.from({ length: 25 }, (_, i) => ({ user_id: id, slot_number: i + 1, title: `Imported card ${i + 1}`, description: 'PSA 9 MINT' })),
      );
    });
    const made = await owner.request.post('/api/share', { data: { showValues: true, layout: '4x5' } });
    const { url } = (await made.json()) as { url: string };
    await owner.close();

    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src/);
    const html = await res.text();
    expect(html).toContain('Imported card 20');
    expect(html).not.toContain('Imported card 21');

    for (const size of SIZES) {
      const { context, page } = await e2e.newPage({ width: size.width, height: size.height });
      await page.goto(url);
      expect(await page.getByTestId('shared-scope').innerText()).toBe(
        'Showing 20 cards of 25: the first 20 slots of this collection, as its owner hangs them.',
      );
      await context.close();
    }
  });
});

describe('axe-core (docs/choices.md 47 item 11)', () => {
  /** A context as trialPage's, without the page's CSP (axe is injected), in a theme. */
  const axeContext = (size: TScreenSize, theme: TTheme, storageState?: TStorageState) => screenContext(e2e, size, { theme, storageState, bypassCSP: true });

  for (const theme of THEMES) {
    it(`finds nothing on /gallery with a toast and the viewer open, on /start-collection with a photo picked, on /collection and /payment, ${theme}`, async () => {
      const context = await axeContext(SIZES[0], theme, trialState);
      const page = await context.newPage();
      await openGallery(page);
      // A toast on screen: its live region has no list markup.
      await page.evaluate(() => document.querySelector<HTMLButtonElement>('li[data-slot="6"] button')?.click());
      await page.getByRole('dialog').getByRole('button', { name: 'Analyze Card' }).click();
      await page.getByTestId('toast').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // The viewer of a card whose value moved (its change in the theme's green).
      expect((await context.request.patch('/api/cards/1', { data: { value: '$150' } })).ok()).toBe(true);
      await openGallery(page);
      await page.locator('li[data-slot="1"] button.g-face').click();
      await page.getByTestId('value-history').getByTestId('value-history-change').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // /start-collection, a photo picked: the file input keeps a name.
      await page.goto('/start-collection');
      await hydrated(page);
      await page.getByTestId('photo-input').setInputFiles({ name: 'slab.jpg', mimeType: 'image/jpeg', buffer: await slabJpeg('Axe card', 200) });
      await page.getByTestId('photo-preview').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // US English throughout (docs/choices.md 47 item 12): 'Analyze', never 'analyse'.
      const words = await page.locator('body').innerText();
      expect(words).toMatch(/\bAnalyze\b/);
      expect(words).not.toMatch(/\banalys(e|es|ed|ing)\b/i);
      await context.close();

      // /collection with a card (h1, then the wall's h2, then each card's h3) and /payment's TEST MODE.
      const visitor = await axeContext(SIZES[1], theme);
      const phone = await visitor.newPage();
      await visitorCollection(phone);
      await phone.goto('/collection');
      await hydrated(phone);
      expect(await axeViolations(phone)).toEqual([]);
      await visitor.close();
      const payer = await axeContext(SIZES[0], theme);
      const payPage = await payer.newPage();
      await freeUserToPayment(payer, payPage, email('payer'));
      await payPage.getByText('TEST MODE').first().waitFor();
      expect(await axeViolations(payPage)).toEqual([]);
      await payer.close();
    });
  }
});

describe('smaller things (docs/choices.md 47 item 12)', () => {
  it("names a trial on /account's plan, and a refused password change in the spec's words with the reason", async () => {
    const context = await e2e.browser.newContext({ baseURL: e2e.url, viewport: { width: 390, height: 844 }, storageState: trialState });
    const page = await context.newPage();
    await page.goto('/account');
    await hydrated(page);
    await page.locator('[data-testid="subscription"]').waitFor();
    expect(await page.getByTestId('plan-label').innerText()).toMatch(/^PRO Trial$/i);
    await page.getByLabel('Current Password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('another-pass-22');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('another-pass-22');
    await page.getByRole('button', { name: /Update Password|Change Password/ }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Failed to change password. Please try again.').waitFor();
    expect((await toast.locator('.toast-description').innerText()).length).toBeGreaterThan(5);

    // The edit dialog shows a value as the wall does: '$2,500', not the '2500' typed.
    expect((await context.request.patch('/api/cards/4', { data: { value: '2500' } })).ok()).toBe(true);
    await openGallery(page);
    await page.locator('li[data-slot="4"] button.g-face').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByRole('dialog').getByLabel('Value', { exact: true }).inputValue()).toBe('$2,500');
    await context.close();
  });
});

describe('touch screens (docs/choices.md 47 item 12)', () => {
  it('keep the photos clear of the edit controls; a tap opens the viewer with edit and delete', async () => {
    const { context, page } = await trialPage(SIZES[1]);
    expect(await page.evaluate(() => matchMedia('(hover: none)').matches)).toBe(true);
    const slot = page.locator('li[data-slot="2"]');
    await slot.locator('img').waitFor();
    // Each slot's buttons are there once the page knows it is on a touch screen (a keyboard reaches them), hidden until then.
    await slot.locator('[data-action="edit"]').waitFor({ state: 'attached' });
    expect(await slot.getByRole('button', { name: /^Edit / }).isVisible()).toBe(false);
    expect(await page.locator('.g-grid .g-actions').evaluateAll((els) => els.filter((el) => getComputedStyle(el).visibility === 'visible').length)).toBe(0);
    await slot.locator('button.g-face').tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Edit' }).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).waitFor();
    await context.close();
  });
});

describe('upgrading during the trial (docs/choices.md 47 item 13)', () => {
  it('says the card is charged when the trial ends, charges nothing today and keeps the trial days', async () => {
    const context = await screenContext(e2e, SIZES[1]);
    await signUp(context, email('upgrader'), 'Uma', 'Upgrade');
    await startTrial(context);
    const page = await context.newPage();
    await page.goto('/pricing');
    await hydrated(page);
    const before = (await currentUser(page)) as Awaited<ReturnType<typeof currentUser>> & { trialEndDate: string; trialDaysLeft: number };
    // Chromium and this process share the machine's time zone, which decides the day.
    const words = `Your card is charged $10.00 on ${formatShortDate(before.trialEndDate)}, when your trial ends.`;
    expect(await page.getByTestId('first-charge').innerText()).toBe(words);
    await page.getByRole('button', { name: 'Subscribe to PRO - $10/month' }).click();
    await page.waitForURL(/\/payment\?/);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Complete Your Upgrade' }).waitFor();
    expect(await page.getByTestId('first-charge').innerText()).toBe(words);
    expect(await page.locator('.pay-total').innerText()).toMatch(/Due today\s+\$0\.00/);
    await fillTestCard(page, '4242 4242 4242 4242');
    // /account?upgrade=success clears its param once the welcome shows: on a loaded machine the page can be
    // past it before this process looks, so every address the page reached is recorded, in order.
    const reached: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reached.push(frame.url());
    });
    await page.getByRole('button', { name: 'Complete Upgrade' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.locator('[data-testid="subscription"][data-status="pro_active"]').waitFor();
    expect(reached.some((url) => /\/account\?upgrade=success$/.test(url))).toBe(true);
    const after = (await currentUser(page)) as typeof before;
    expect(after).toMatchObject({ isPro: true, trialEndDate: before.trialEndDate, trialDaysLeft: before.trialDaysLeft });
    const status = (await page.evaluate(() => fetch('/api/subscription/status').then((r) => r.json()))) as { stripeDetails: { nextBillingDate: string } };
    expect(status.stripeDetails.nextBillingDate).toBe(before.trialEndDate);
    await context.close();
  });
});

describe('/collection on a phone (docs/choices.md 47 item 11)', () => {
  it('shifts its layout less than 0.1 (CLS, from layout-shift entries) while it loads its cards', async () => {
    const context = await screenContext(e2e, SIZES[1]);
    const page = await context.newPage();
    const photo = `data:image/jpeg;base64,${(await slabJpeg('2018 Prizm Luka Doncic', 30)).toString('base64')}`;
    await page.addInitScript((image) => {
      localStorage.setItem('ratio-cache-version', '3.2');
      const cards = [1, 2, 3].map((i) => ({
        id: `a${i}`,
        image,
        player: `Player ${i}`,
        year: '2018',
        brand: 'Prizm',
        condition: 'PSA 10',
        userValue: `${i}250`,
        userNotes: '',
        addedAt: '2026-11-20T10:00:00Z',
      }));
      localStorage.setItem('anonymous-collection', JSON.stringify(cards));
      // Session windows as web-vitals counts CLS: shifts without recent input, 1 s apart at most, 5 s long at most.
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      let session = 0;
      let first = 0;
      let last = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (entry.hadRecentInput) continue;
          if (session && entry.startTime - last < 1000 && entry.startTime - first < 5000) session += entry.value;
          else {
            session = entry.value;
            first = entry.startTime;
          }
          last = entry.startTime;
          w.__cls = Math.max(w.__cls, session);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, photo);
    await page.goto('/collection');
    await hydrated(page);
    await page.waitForFunction(() => [...document.querySelectorAll('img')].every((img) => img.complete));
    await page.waitForTimeout(1500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.1);
    await context.close();
  });
});
