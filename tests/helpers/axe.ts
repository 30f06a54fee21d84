import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** One axe-core violation as a line a failing test prints: rule, impact and the first nodes. */
export type TAxeFinding = string;

/** The rules whose findings depend on the page's colours, which are what a theme changes (core/theme.ts). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Runs axe-core over the page as it is now (WCAG 2.1 A and AA, and best practices, or only `rules`),
 * and returns its violations, one line each. The page's context needs `bypassCSP: true` (the script
 * is injected).
 */
export async function axeViolations(page: Page, rules?: readonly string[]): Promise<TAxeFinding[]> {
  await animationsSettled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: rules ? { type: 'rule', values: rules } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
  }, rules);
}

/**
 * Waits until every finite CSS animation or transition on the page has finished (a dialog fading in,
 * a toast sliding down). Colours read mid-fade are not the page's: axe's contrast check and any
 * measured box need the settled page. Endless animations (a loading shimmer) are left running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      const timing = a.effect?.getComputedTiming();
      return a.playState !== 'running' || timing?.endTime === Infinity;
    }),
  );
}
