import type { Command } from 'commander';
import type { Knex } from 'knex';
import { createImageStore } from '../../api/services/images/create-image-store.ts';
import type { ImageStore } from '../../api/services/images/image-store.ts';
import { runRetention, type TRetentionAccount, type TRetentionReport } from '../../api/services/jobs/run-retention.ts';
import { parseDateOption, printJson } from '../output.ts';
import { progressBar } from '../progress.ts';
import { onDb } from '../on-db.ts';

/**
 * The retention job (docs/choices.md 6): a dry run lists what it would delete; `apply` deletes, in a
 * transaction per account. `now` moves the clock (tests, or a catch-up). Idempotent; concurrent
 * runs never double-apply (see runRetention).
 */
export function runRetentionJob(
  db: Knex,
  images: ImageStore,
  options: { apply?: boolean | undefined; now?: string | undefined; quiet?: boolean | undefined },
  clock = new Date(),
): Promise<TRetentionReport> {
  const now = parseDateOption('--now', options.now, clock);
  const bar = progressBar('Deleting', options.quiet ? null : process.stdout);
  return runRetention({ db, images, now, apply: options.apply ?? false, onProgress: (d, t) => bar.update(d, t) }).finally(() => bar.finish());
}

const day = (iso: string) => iso.slice(0, 10);
const line = (a: TRetentionAccount) => `  ${a.email}: ${a.cards} card(s), ${a.photos} photo(s) past slot 10 (deletion date ${day(a.deleteOn)})`;

/** The report as lines for the terminal. */
export function describeRetention(report: TRetentionReport): string[] {
  if (!report.ran) return ['Another retention run is in progress: nothing done.'];
  const lines = [`Retention at ${report.now}${report.applied ? '' : ' (dry run)'}`];
  lines.push(`Trials ended, view-only until they subscribe: ${report.trialsEnded} account(s) (nothing to delete).`);
  lines.push(`In data retention, deletion still ahead: ${report.inRetention.length} account(s).`);
  for (const a of report.inRetention) lines.push(line(a));
  const cards = report.due.reduce((n, a) => n + a.cards, 0);
  const photos = report.due.reduce((n, a) => n + a.photos, 0);
  const verb = report.applied ? 'Deleted' : 'Would delete';
  lines.push(`${verb} ${cards} card(s) and ${photos} photo(s) past slot 10 of ${report.due.length} account(s) whose 30 days of retention are over.`);
  for (const a of report.due) lines.push(line(a));
  if (!report.applied && report.due.length) lines.push('Dry run: run again with --apply to delete them.');
  return lines;
}

/**
 * `--apply` with a `--now` in the future would delete cards whose owners are still in their grace
 * period, their 30 days or a running trial (docs/choices.md 43): such a run is a dry run unless `--force`.
 * A minute of slack keeps a `--now` of "now" from another machine's clock an ordinary run.
 */
export function futureApplyRefused(
  options: { apply?: boolean | undefined; now?: string | undefined; force?: boolean | undefined },
  clock = new Date(),
): boolean {
  if (!options.apply || options.force || options.now === undefined) return false;
  return parseDateOption('--now', options.now, clock).getTime() > clock.getTime() + 60_000;
}

export const FUTURE_APPLY_REFUSED =
  'ratio: --apply with a --now in the future would delete cards that are not due yet (grace periods, retention and trials still running). Nothing was deleted: above is what would be. Add --force to delete them anyway.';

/** The crontab line the help and the README give (README "Operate it"): hourly, at minute 7. */
export const RETENTION_CRON = '7 * * * *  cd /srv/ratio && npm run --silent ratio -- retention run --apply >> /var/log/ratio-retention.log 2>&1';

export function registerRetention(program: Command): void {
  const retention = program.command('retention').description('the data retention job (docs/choices.md 6)');
  retention
    .command('run')
    .description('report trial and grace-period ends; delete cards past slot 10 once 30 days of retention are over (dry run unless --apply)')
    .option('--apply', 'delete (otherwise only print what would be deleted)')
    .option('--now <date>', 'run as if it were this date (ISO, e.g. 2026-12-01)')
    .option('--force', 'with --apply and a --now in the future: delete anyway (refused without it)')
    .option('--json', 'print the report as JSON')
    .addHelpText(
      'after',
      `\nIdempotent, and a run while another is in progress does nothing, so any schedule is safe.\nThe crontab line (hourly; /srv/ratio is where Ratio is installed):\n  ${RETENTION_CRON}`,
    )
    .action(async (opts: { apply?: boolean; now?: string; json?: boolean; force?: boolean }) => {
      parseDateOption('--now', opts.now, new Date()); // before opening the database: bad input fails at once
      const refused = futureApplyRefused(opts);
      const run = { ...opts, apply: opts.apply && !refused, quiet: opts.json };
      const report = await onDb((db, env) => runRetentionJob(db, createImageStore(env), run));
      if (opts.json) printJson(report);
      else for (const l of describeRetention(report)) console.log(l);
      if (refused) {
        console.error(FUTURE_APPLY_REFUSED);
        process.exitCode = 1;
      }
    });
}
