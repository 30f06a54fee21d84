import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, type TE2E } from '../helpers/e2e.ts';
import { openGallery, SAMPLE_CARDS, seedCard, signUp, slabJpeg, startTrial } from './gallery-seed.ts';

/** Share links (docs/choices.md 10, 29): share from /gallery, open the link signed out, revoke, the link is gone. */

let e2e: TE2E;
let emails = 0;
const email = (who: string) => `${who}-${++emails}@example.com`;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const toast = (page: Page) => page.getByTestId('toast');
const dialog = (page: Page) => page.getByRole('dialog');

describe('share links', () => {
  it('shares the wall, opens it signed out with the full-image viewer, and after a revoke the link is gone', async () => {
    const { context, page } = await e2e.newPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    const ownerEmail = email('owner');
    await signUp(context, ownerEmail, 'Avery', 'Stone');
    await startTrial(context);
    for (const [i, slot] of [1, 2, 4].entries()) await seedCard(context, slot, SAMPLE_CARDS[i]!, await slabJpeg(SAMPLE_CARDS[i]!.title, i * 60));
    await context.addInitScript(() => localStorage.setItem('ratio-gallery-title', 'The Vault'));
    await openGallery(page);

    // Share, values shown, and copy the link in one click.
    await page.getByTestId('share-button').click();
    await dialog(page).getByRole('heading', { name: 'Share Your Collection' }).waitFor();
    expect(
      await dialog(page)
        .getByRole('checkbox', { name: /Show values/ })
        .isChecked(),
    ).toBe(true);
    await dialog(page).getByRole('button', { name: 'Create Link' }).click();
    await dialog(page).getByRole('heading', { name: 'Your Wall Is Shared' }).waitFor();
    const url = await dialog(page).getByTestId('share-url').inputValue();
    expect(url).toMatch(new RegExp(`^${e2e.url}/share/[A-Za-z0-9_-]{43}$`));
    await dialog(page).getByRole('button', { name: 'Copy Link' }).click();
    await toast(page).getByText('Link Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(await dialog(page).getByTestId('share-meta').innerText()).toContain('“The Vault”, 4x5, values shown');
    await page.keyboard.press('Escape');

    // The owner on a phone, signed in there: the same live link, copied from there (docs/choices.md 47).
    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url });
    expect((await phone.context.request.post('/api/login', { data: { email: ownerEmail, password: 'secret-pass-1' } })).ok()).toBe(true);
    await openGallery(phone.page);
    await phone.page.getByTestId('share-button').click();
    await dialog(phone.page).getByRole('heading', { name: 'Your Wall Is Shared' }).waitFor();
    expect(await dialog(phone.page).getByTestId('share-url').inputValue()).toBe(url);
    await dialog(phone.page).getByRole('button', { name: 'Copy Link' }).click();
    await toast(phone.page).getByText('Link Copied').waitFor();
    expect(await phone.page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await phone.context.close();

    // A visitor with no account: the wall, read-only, no React, values shown, no email.
    const visitor = await e2e.newPage({ width: 390, height: 844 });
    const blocked: string[] = [];
    visitor.page.on('console', (msg) => {
      if (msg.type() === 'error') blocked.push(msg.text());
    });
    const res = await visitor.page.goto(url);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'[^;]*'sha256-/);
    expect(await visitor.page.title()).toBe('The Vault · Ratio');
    expect(await visitor.page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(
      new RegExp(`^${e2e.url}/api/share/[A-Za-z0-9_-]{43}/preview\\.png\\?v=`),
    );
    expect(await visitor.page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    const wall = visitor.page.getByTestId('shared-wall');
    await wall.getByRole('heading', { name: 'The Vault' }).waitFor();
    const text = await wall.innerText();
    expect(text).toContain('2018 Prizm Luka Doncic #280');
    expect(text).toContain('$4,800');
    expect(text).toMatch(/TOTAL VALUE \(3 VALUED\)\s*\$9,150/);
    expect(await visitor.page.content()).not.toContain('Avery');
    expect(await visitor.page.locator('astro-island').count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: /Add|Edit|Delete/ }).count()).toBe(0);
    const cards = visitor.page.getByTestId('shared-grid').locator('li');
    expect(await cards.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-slot')))).toEqual(['1', '2', '3', '4']);
    await visitor.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.sw-grid img')].every((img) => img.complete && img.naturalWidth > 0),
    );

    // The full-image viewer, by keyboard too.
    await visitor.page.getByRole('button', { name: 'View 2003 Topps Chrome LeBron James #111' }).click();
    const viewer = visitor.page.getByTestId('shared-viewer');
    await viewer.getByRole('heading', { name: '2003 Topps Chrome LeBron James #111' }).waitFor();
    expect(await viewer.innerText()).toMatch(/PSA 9 MINT[\s\S]*\$4,800[\s\S]*\$6,500/);
    await visitor.page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-viewer-image]')?.naturalWidth ?? 0) > 0);
    await visitor.page.keyboard.press('ArrowRight');
    await viewer.getByRole('heading', { name: '2011 Topps Update Mike Trout #US175' }).waitFor();
    await visitor.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    // Nothing was refused by the page's Content-Security-Policy, nothing failed to load.
    expect(blocked).toEqual([]);

    // The owner hides values: the visitor's next look shows none.
    await page.getByTestId('share-button').click();
    await dialog(page)
      .getByRole('checkbox', { name: /Show values/ })
      .uncheck();
    await dialog(page).getByTestId('share-meta').getByText('values hidden').waitFor();
    await visitor.page.reload();
    expect(await visitor.page.getByTestId('shared-wall').innerText()).not.toContain('$');

    // Revoke: the old link shows the landing page's not-found variant, and a photo through it is gone.
    const thumb = await visitor.page.locator('.sw-grid img').first().getAttribute('src');
    await dialog(page).getByRole('button', { name: 'Revoke Link' }).click();
    await dialog(page).getByText('The link will stop working for everyone.').waitFor();
    await dialog(page).getByRole('button', { name: 'Revoke Link' }).click();
    await toast(page).getByText('Link Revoked').waitFor();
    await dialog(page).getByRole('heading', { name: 'Share Your Collection' }).waitFor();
    const gone = await visitor.page.goto(url);
    expect(gone?.status()).toBe(404);
    await visitor.page.getByRole('heading', { name: /Your Collection, Curated\./ }).waitFor();
    expect(await visitor.page.content()).not.toContain('The Vault');
    expect((await visitor.context.request.get(thumb!)).status()).toBe(404);

    // A new link can be made after a revoke.
    await dialog(page).getByRole('button', { name: 'Create Link' }).click();
    const fresh = await dialog(page).getByTestId('share-url').inputValue();
    expect(fresh).not.toBe(url);
    expect((await visitor.page.goto(fresh))?.status()).toBe(200);
    await visitor.context.close();
    await context.close();
  });

  it('shows a free user the PRO upsell instead of sharing', async () => {
    const { context, page } = await e2e.newPage();
    await signUp(context, email('free'));
    await openGallery(page);
    await page.getByTestId('share-button').click();
    const upsell = page.getByTestId('upsell-dialog');
    await upsell.getByRole('heading', { name: 'Sharing is a PRO feature' }).waitFor();
    await upsell.getByRole('button', { name: 'Not right now' }).click();
    await upsell.waitFor({ state: 'detached' });
    await page.getByTestId('share-button').click();
    await page.getByTestId('upsell-dialog').getByRole('button', { name: 'Upgrade to PRO' }).click();
    await page.waitForURL(/\/pricing/);
    // The server refuses too.
    expect((await context.request.post('/api/share', { data: { showValues: true } })).status()).toBe(403);
    await context.close();
  });
});
