import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminStats } from '../../core/contracts/admin.types.ts';
import type { User } from '../../db/models/User.ts';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { seedAdminData, signInAs } from './admin-seed.ts';

let e2e: TE2E;
let admin: User;
let member: User;
beforeAll(async () => {
  e2e = await startE2E();
  ({ admin, member } = await seedAdminData(e2e.server));
});
afterAll(async () => {
  await e2e?.close();
});

describe('the admin dashboard in Chromium', () => {
  it('an admin sees the figures and four charts drawn from the seeded data, and changes the range', async () => {
    const { context, page } = await e2e.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signInAs(e2e.server, context, e2e.url, admin);
    await page.goto('/admin');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Platform Analytics' }).waitFor();
    await expect(page.getByText('ADMIN', { exact: true }).first().isVisible()).resolves.toBe(true);

    const stats = (await (await context.request.get('/api/admin/stats')).json()) as TAdminStats;
    expect(stats.totalUsers).toBe(82);
    const card = (label: string) => page.locator('.admin-stat', { hasText: label });
    await expect(card('Total Users').locator('.admin-stat-value').textContent()).resolves.toBe(String(stats.totalUsers));
    await expect(card('Total Users').textContent()).resolves.toContain(`${stats.freeUsers} free / ${stats.proUsers} pro`);
    await expect(card('Monthly Revenue').locator('.admin-stat-value').textContent()).resolves.toBe(`$${stats.proUsers * 10}`);
    await expect(card('Total Cards').locator('.admin-stat-value').textContent()).resolves.toBe(stats.totalCards.toLocaleString('en-US'));
    // Trials are users: counted under Total Users, never under Total Cards (docs/choices.md 47).
    await expect(card('Total Users').textContent()).resolves.toContain(`${stats.proUsers} pro / ${stats.trialUsers} on a trial`);
    await expect(card('Total Cards').textContent()).resolves.not.toContain('trial');
    for (const heading of ['Revenue Breakdown', 'User Engagement', 'Free tier utilization', 'Pro tier adoption', 'Average cards per user']) {
      await expect(page.getByText(heading, { exact: true }).isVisible()).resolves.toBe(true);
    }

    // Four charts, drawn (uPlot paints canvases), over 30 days.
    const grid = page.locator('.admin-chart-grid');
    await page.locator('.admin-chart-grid[data-range="30d"]').waitFor();
    await expect(grid.locator('canvas').count()).resolves.toBe(4);
    for (const title of ['Sign-ups per day', 'PRO and trial users', 'MRR', 'Cards added per day']) {
      await expect(page.getByRole('img', { name: `${title} chart` }).isVisible()).resolves.toBe(true);
    }
    // The charts' data is what the seed holds: some pixels are painted in each canvas.
    const painted = await grid.locator('canvas').evaluateAll((canvases) =>
      canvases.map((c) => {
        const cv = c as HTMLCanvasElement;
        const px = cv.getContext('2d')!.getImageData(0, 0, cv.width, cv.height).data;
        let n = 0;
        for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) n++;
        return n;
      }),
    );
    expect(painted.every((n) => n > 500)).toBe(true);
    // Every legend reads the latest day and value, the day in the app's one date format ('Nov 25, 2026') (docs/choices.md 47 item 12).
    const legends = await grid
      .locator('.u-legend')
      .evaluateAll((tables) => tables.map((t) => [...t.querySelectorAll('.u-value')].map((v) => v.textContent ?? '')));
    expect(legends).toHaveLength(4);
    expect(await page.getByTestId('stats-as-of').innerText()).toMatch(/^As of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    for (const values of legends) {
      expect(values[0]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      expect(values.slice(1).every((v) => v.trim() !== '' && v !== '--')).toBe(true);
    }

    await page.getByRole('button', { name: '90 days' }).click();
    await page.locator('.admin-chart-grid[data-range="90d"]').waitFor();
    await expect(page.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: '1 year' }).click();
    await page.locator('.admin-chart-grid[data-range="1y"]').waitFor();
    await expect(grid.locator('canvas').count()).resolves.toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a non-admin sees Access Denied', async () => {
    const { context, page } = await e2e.newPage();
    await signInAs(e2e.server, context, e2e.url, member);
    await page.goto('/admin');
    await hydrated(page);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await expect(page.getByText('Admin access required to view this dashboard.').isVisible()).resolves.toBe(true);
    await expect(page.locator('.admin-stats').count()).resolves.toBe(0);
    await context.close();
  });

  it('a signed-out visitor goes to /auth', async () => {
    const { context, page } = await e2e.newPage();
    await page.goto('/admin');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});
