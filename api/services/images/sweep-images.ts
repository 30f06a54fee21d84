import type { Knex } from 'knex';
import { CardImage } from '../../../db/models/CardImage.ts';
import { isTempImageKey, type ImageStore, type TStoredFile } from './image-store.ts';
import { imageFolder } from './save-card-image.ts';

/** Files younger than this are never swept: their upload may not have committed its row yet. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/** An image folder that no card_images row names. */
export interface TOrphanFolder {
  folder: string;
  files: number;
  bytes: number;
  /** Newest file's time. */
  modifiedAt: Date;
}

export interface TSweepReport {
  /** Image folders seen. */
  folders: number;
  /** Folders no row names and older than the grace period: removed (or, on a dry run, to remove). */
  orphans: TOrphanFolder[];
  /** Folders no row names but too young to judge (an upload may be in flight). */
  young: number;
  /** Files outside the `<userId>/<imageId>/<file>` layout: left alone. */
  unknown: number;
  /** Temporary files of writes cut by a killed process, in folders a row names, older than the grace period: removed. */
  temps: number;
  applied: boolean;
}

const LAYOUT = /^(\d+)\/([0-9a-f-]{36})\/[^/]+$/;
const BATCH = 500;

/**
 * Finds (and with `apply`, removes) image folders that no card_images row names: the leftovers of a
 * process killed between writing an upload's files and committing its row, or between deleting a
 * row and removing its files. Works through ImageStore.list(), so it serves any store (local files,
 * S3). Safe beside running uploads: folders with a file younger than `graceMs` are never touched.
 * Idempotent.
 */
export async function sweepImages(opts: { db: Knex; images: ImageStore; now: Date; apply: boolean; graceMs?: number }): Promise<TSweepReport> {
  const cutoff = opts.now.getTime() - (opts.graceMs ?? SWEEP_GRACE_MS);
  const report: TSweepReport = { folders: 0, orphans: [], young: 0, unknown: 0, temps: 0, applied: opts.apply };
  let batch: Array<TOrphanFolder & { userId: number; imageId: string; tempKeys: TStoredFile[] }> = [];

  const judge = async () => {
    const ids = batch.map((f) => f.imageId);
    const rows = await CardImage.query(opts.db).select('id', 'userId').whereIn('id', ids);
    const named = new Set(rows.map((r) => imageFolder(r.userId, r.id)));
    for (const folder of batch) {
      if (named.has(folder.folder)) {
        for (const temp of folder.tempKeys) {
          if (temp.modifiedAt.getTime() > cutoff) continue;
          report.temps++;
          if (opts.apply) await opts.images.remove(temp.key);
        }
        continue;
      }
      if (folder.modifiedAt.getTime() > cutoff) {
        report.young++;
        continue;
      }
      const { userId: _u, imageId: _i, tempKeys: _t, ...orphan } = folder;
      report.orphans.push(orphan);
      if (opts.apply) await opts.images.removePrefix(folder.folder);
    }
    batch = [];
  };

  let current: (typeof batch)[number] | null = null;
  const add = async (file: TStoredFile, userId: number, imageId: string) => {
    const folder = imageFolder(userId, imageId);
    if (current?.folder !== folder) {
      if (batch.length >= BATCH) await judge();
      current = { folder, userId, imageId, files: 0, bytes: 0, modifiedAt: new Date(0), tempKeys: [] };
      batch.push(current);
      report.folders++;
    }
    if (isTempImageKey(file.key)) current.tempKeys.push(file);
    current.files++;
    current.bytes += file.bytes;
    if (file.modifiedAt > current.modifiedAt) current.modifiedAt = file.modifiedAt;
  };

  for await (const file of opts.images.list()) {
    const match = LAYOUT.exec(file.key);
    if (!match) report.unknown++;
    else await add(file, Number(match[1]), match[2]!);
  }
  if (batch.length) await judge();
  return report;
}
