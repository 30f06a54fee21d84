import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { signUp } from './gallery-seed.ts';
import { breakCardsAnswer } from './crash-seed.ts';

/**
 * docs/product.md §2's crash screen (docs/choices.md 31): when an island throws (here /gallery fed an answer it
 * cannot draw), the page shows 'Something went wrong' with the wordmark and a way home, not a blank
 * page; its actions are reachable from the keyboard.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the crash screen', () => {
  it('shows the wordmark, the spec text, Try Again, Refresh Page and a Go Home link that leads home', async () => {
    const { context, page } = await e2e.newPage({ width: 390, height: 844 });
    try {
      await signUp(context, 'crash@example.com');
      await breakCardsAnswer(page);
      await page.goto('/gallery');
      await hydrated(page);
      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await alert.getByRole('heading', { name: 'Something went wrong' }).waitFor();
      expect(await alert.innerText()).toContain('We encountered an unexpected error. Please try refreshing the page.');
      expect(await alert.getByText('RATIO').isVisible()).toBe(true);
      await alert.getByRole('button', { name: 'Try Again' }).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const home = alert.getByRole('link', { name: 'Go Home' });
      expect(await home.evaluate((el) => el === document.activeElement)).toBe(true);

      // With the API answering normally again, the way home leads back to a working gallery.
      await page.unrouteAll();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/gallery');
      await hydrated(page);
      await page.getByTestId('slot-grid').and(page.locator(':not([aria-busy])')).waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
