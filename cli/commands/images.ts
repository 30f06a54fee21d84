import type { Command } from 'commander';
import type { Knex } from 'knex';
import { z } from 'zod';
import { createImageStore } from '../../api/services/images/create-image-store.ts';
import type { ImageStore } from '../../api/services/images/image-store.ts';
import { SWEEP_GRACE_MS, sweepImages, type TSweepReport } from '../../api/services/images/sweep-images.ts';
import { onDb } from '../on-db.ts';

const ZSweepOptions = z.object({
  apply: z.boolean().default(false),
  graceMinutes: z.coerce
    .number('must be a number of minutes')
    .int('must be whole minutes')
    .min(0)
    .default(SWEEP_GRACE_MS / 60_000),
});

/**
 * Finds image folders no row names (dry run), or removes them with `apply`. Folders younger than
 * `graceMinutes` (default 60) are left alone: an upload may be about to commit its row.
 */
export async function runImagesSweep(
  db: Knex,
  images: ImageStore,
  options: { apply?: boolean | undefined; graceMinutes?: string | number | undefined },
  now = new Date(),
): Promise<TSweepReport> {
  const { apply, graceMinutes } = ZSweepOptions.parse(options);
  return sweepImages({ db, images, now, apply, graceMs: graceMinutes * 60_000 });
}

/** The report as lines for the terminal. */
export function describeSweep(report: TSweepReport): string[] {
  const bytes = report.orphans.reduce((n, o) => n + o.bytes, 0);
  const mb = (bytes / 1024 / 1024).toFixed(1);
  const lines = report.orphans.map((o) => `  ${o.folder} (${o.files} files, ${o.bytes} bytes, ${o.modifiedAt.toISOString()})`);
  const verb = report.applied ? 'Removed' : 'Would remove';
  lines.push(`${verb} ${report.orphans.length} orphaned image folder(s), ${mb} MB, of ${report.folders} folder(s).`);
  if (report.young) lines.push(`Left ${report.young} recent folder(s) without a row: an upload may still be committing.`);
  if (report.unknown) lines.push(`Left ${report.unknown} file(s) outside the image layout untouched.`);
  if (!report.applied && report.orphans.length) lines.push('Dry run: run again with --apply to remove them.');
  return lines;
}

export function registerImages(program: Command): void {
  const images = program.command('images').description('stored card photos');
  images
    .command('sweep')
    .description('find image files no card names (dry run); --apply removes them')
    .option('--apply', 'remove the orphaned folders')
    .option('--grace-minutes <minutes>', 'leave folders younger than this alone', String(SWEEP_GRACE_MS / 60_000))
    .action(async (opts: { apply?: boolean; graceMinutes?: string }) => {
      const report = await onDb((db, env) => runImagesSweep(db, createImageStore(env), opts));
      for (const line of describeSweep(report)) console.log(line);
    });
}
