/**
 * A one-line progress bar for long runs, drawn only when stdout is a terminal (never in pipes,
 * cron mail or `--json` output).
 */
export interface TProgress {
  update(done: number, total: number): void;
  finish(): void;
}

/** `out` null (e.g. with --json) draws nothing. */
export function progressBar(label: string, out: NodeJS.WriteStream | null = process.stdout): TProgress {
  if (!out?.isTTY) return { update() {}, finish() {} };
  let drawn = false;
  let last = -1;
  return {
    update(done, total) {
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      if (filled === last && done !== total) return;
      last = filled;
      drawn = true;
      out.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
    },
    finish() {
      if (drawn) out.write('\n');
    },
  };
}
