import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';

/**
 * docs/choices.md 23 in the browser: every page works under its Content-Security-Policy. Chromium
 * reports each blocked script, style, image or connection as a `securitypolicyviolation` event and
 * a console error; the test collects both while a visitor and a collector use the pages.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Records CSP violations on every page the context opens. */
async function watch(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  await page.context().exposeFunction('reportCspViolation', (text: string) => {
    seen.push(text);
  });
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`,
      );
    });
  });
  return seen;
}

/** Opens a page, checks it carries a CSP with script hashes, and waits for its islands. */
async function visit(page: Page, path: string, expectPath = path): Promise<void> {
  const res = await page.goto(path);
  expect(new URL(page.url()).pathname).toBe(expectPath);
  // Scripts from the site itself, and inline ones only by their hash (a page may have none: the theme comes with the HTML).
  const scriptSrc = /script-src [^;]*/.exec(res?.headers()['content-security-policy'] ?? '')?.[0];
  expect(scriptSrc, path).toMatch(/^script-src 'self'/);
  expect(scriptSrc, path).not.toMatch(/unsafe-inline/);
  await hydrated(page);
}

describe('Content-Security-Policy in Chromium', () => {
  it("no page has anything blocked: visitor pages, the try-out flow, then a collector's gallery and account", async () => {
    const { page } = await e2e.newPage({ theme: 'light' });
    const violations = await watch(page);
    const photo = await sharp({ create: { width: 300, height: 420, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();

    await visit(page, '/');
    // The page came in the light theme (its cookie), with nothing blocked.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await visit(page, '/auth');
    await visit(page, '/pricing');

    // The try-out flow: a photo preview (blob:/data: image), then the anonymous wall with it.
    await visit(page, '/start-collection');
    await page.getByTestId('photo-input').setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByTestId('photo-preview').waitFor();
    await page.getByLabel('Player Name', { exact: true }).fill('Ada Card');
    await page.getByRole('button', { name: 'Save to Collection' }).click();
    await page.waitForURL('**/collection');
    await hydrated(page);
    await page.waitForFunction(() => [...document.images].some((i) => i.src.startsWith('data:') && i.complete && i.naturalWidth > 0));
    await visit(page, '/collection');

    // A collector: sign up through the API from the page (same origin), upload a photo, open the gallery.
    await page.evaluate(async (b64) => {
      await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `csp-${Date.now()}@example.com`, password: 'csp-pass1', firstName: 'Cass', lastName: 'P' }),
      });
      const form = new FormData();
      form.append('image', new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/jpeg' }), 'card.jpg');
      form.append('title', 'CSP card');
      await fetch('/api/cards/1/upload', { method: 'POST', body: form });
    }, photo.toString('base64'));
    await visit(page, '/gallery');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid=filled-slot] img')].some((i) => i.complete && i.naturalWidth > 0),
    );
    await visit(page, '/account');
    await page.getByRole('heading', { name: 'ACCOUNT SETTINGS' }).waitFor();
    await page.getByTestId('subscription').waitFor();

    // The billing pages (local TEST MODE): the trial step, /payment with its card form, /subscribe.
    await visit(page, '/pricing');
    await page.getByRole('button', { name: 'Try PRO Free for 7 Days' }).waitFor();
    const step = await page.evaluate(() =>
      fetch('/api/create-subscription', { method: 'POST' }).then((r) => r.json() as Promise<{ clientSecret: string; subscriptionId: string }>),
    );
    const payment = `/payment?client_secret=${encodeURIComponent(step.clientSecret)}&subscription_id=${encodeURIComponent(step.subscriptionId)}`;
    await page.goto(payment);
    await hydrated(page);
    await page.getByLabel('Card number').waitFor();
    await visit(page, '/subscribe');
    await page.getByRole('heading', { name: 'Waiting for your subscription' }).waitFor();

    expect(violations).toEqual([]);
  });
});
