import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('notifications (docs/product.md §9)', () => {
  it('show one at a time, F8 focuses the area, a swipe right dismisses, and each leaves after 5 s', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/auth');
    await hydrated(page);
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    const toasts = page.getByTestId('toast');

    // Two messages in a row: only the newest shows.
    await submit.click();
    await toasts.getByText('Missing fields').waitFor();
    await page.getByLabel('Email').fill('x@example.com');
    await page.getByLabel('Email').fill('');
    await submit.click();
    expect(await toasts.count()).toBe(1);

    // F8 moves focus to the notification area.
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('[aria-label^="Notifications"]') !== null)).toBe(true);

    // A swipe right of more than 50 px dismisses.
    const box = (await toasts.first().boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => toasts.count(), { timeout: 5000 }).toBe(0);

    // Left alone, a toast goes after its 5 s display time.
    await page.mouse.move(5, 5);
    await submit.click();
    await toasts.first().waitFor();
    await expect.poll(() => toasts.count(), { timeout: 12_000, interval: 250 }).toBe(0);
    await context.close();
  });
});
