import fs from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { publicUrl } from '../../api/env.ts';
import { createMailer } from '../../api/services/mail/mailer.ts';
import { createPrices } from '../../api/services/prices/create-prices.ts';
import { importPriceList, readPriceList } from '../../api/services/prices/price-list.ts';
import { sendPriceAlerts, type TAlertRun } from '../../api/services/prices/price-alerts.ts';
import { refreshPrices, type TRefreshReport } from '../../api/services/prices/refresh-prices.ts';
import { createLogger } from '../../api/logger.ts';
import { handleError } from '../handle-error.ts';
import { printJson } from '../output.ts';
import { progressBar } from '../progress.ts';
import { onDb } from '../on-db.ts';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration such as '24h', '30m', '7d', '0s' in milliseconds; throws a one-line error otherwise. */
export function parseDuration(name: string, text: string): number {
  const m = /^(\d+)(s|m|h|d)$/.exec(text.trim());
  if (!m) throw new Error(`${name}: '${text}' is not a duration such as 24h, 30m or 7d`);
  return Number(m[1]) * UNITS[m[2]!]!;
}

/** The report as lines for the terminal. */
export function describeRefresh(report: TRefreshReport, alerts: TAlertRun | null): string[] {
  if (!report.ran) return ['Another price refresh is in progress: nothing done.'];
  const checked = report.priced + report.noMatch + report.noPrice + report.failed;
  const perCard = (ms: number) => (checked ? `${(ms / checked).toFixed(1)} ms` : '-');
  const lines = [
    `Prices from ${report.provider}: ${checked} of ${report.due} card(s) due looked up: ${report.priced} priced, ${report.noMatch} with no matching product, ${report.noPrice} with no price near their grade, ${report.failed} failed${report.changed ? `, ${report.changed} edited or deleted while looked up (left for the next run)` : ''}.`,
    `Time per card: Ratio ${perCard(report.ownMs)}, provider ${perCard(report.providerMs)} (its rate limit included).`,
  ];
  if (report.outage) lines.push(`Provider outage: ${report.outage}. Last known values kept; ${report.due - checked} card(s) left for the next run.`);
  if (alerts) lines.push(`Price alerts: ${alerts.fired} firing, ${alerts.sent} mail(s) sent.`);
  return lines;
}

export function registerPrices(program: Command): void {
  const prices = program.command('prices').description('market values of cards (docs/choices.md 45)');
  prices
    .command('refresh')
    .description("look up the market value of every card not checked within --stale-after; resumable, paced by the provider's rate limit")
    .option('--email <email>', "only this collector's cards")
    .option('--stale-after <duration>', 'skip cards checked more recently than this (e.g. 24h, 30m, 7d)', '24h')
    .option('--no-alerts', 'do not send price alerts after the refresh')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      '\nA killed run resumes where it stopped. Example crontab line:\n  23 4 * * * cd /srv/ratio && npm run --silent ratio -- prices refresh',
    )
    .action(async (opts: { email?: string; staleAfter: string; alerts: boolean; json?: boolean }) => {
      const staleAfterMs = parseDuration('--stale-after', opts.staleAfter);
      const clock = () => new Date();
      const result = await onDb(async (db, env) => {
        const bar = progressBar('Refreshing prices', opts.json ? null : process.stdout);
        const report = await refreshPrices({
          db,
          prices: createPrices(env, { db, clock }),
          clock,
          email: opts.email,
          staleAfterMs,
          onProgress: (d, t) => bar.update(d, t),
        }).finally(() => bar.finish());
        let alerts: TAlertRun | null = null;
        if (report.ran && opts.alerts) {
          const mailer = createMailer({
            smtpUrl: env.SMTP_URL,
            from: env.MAIL_FROM,
            outboxDir: path.join(env.DATA_DIR, 'outbox'),
            log: createLogger('silent'),
          });
          alerts = await sendPriceAlerts({ db, mailer, now: clock(), publicUrl: publicUrl(env) });
        }
        return { report, alerts };
      });
      if (opts.json) printJson(result);
      else for (const l of describeRefresh(result.report, result.alerts)) console.log(l);
      if (result.report.outage) process.exitCode = 1;
    });
  prices
    .command('import')
    .description('replace the price list with a CSV file (card key, grader, grade, price, date): figures of a shop or a club, never shown as market data')
    .argument('<file>', 'the CSV file')
    .option('--name <name>', 'the name shown beside its figures', 'Price list')
    .action(async (file: string, opts: { name: string }) => {
      const text = await fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => handleError(new Error(`cannot read ${file}: ${e.code ?? e.message}`)));
      const { rows, errors } = readPriceList(text);
      if (errors.length) {
        for (const e of errors.slice(0, 20)) console.error(`line ${e.line}: ${e.message}`);
        handleError(new Error(`${errors.length} bad line(s) in ${file}: nothing imported`));
      }
      const n = await onDb((db) => importPriceList(db, opts.name, rows));
      console.log(`Imported ${n} price(s) as '${opts.name}'. Set PRICE_PROVIDER=price-list (or leave SPORTSCARDSPRO_TOKEN unset) to use it.`);
    });
}
