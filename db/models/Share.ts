import { BaseModel } from './BaseModel.ts';

/** A share link to a user's wall (docs/choices.md 10). Live while revokedAt is null; the token is stored hashed (to open it) and sealed (for its owner to copy). */
export class Share extends BaseModel {
  static override tableName = 'shares';

  declare id: number;
  declare userId: number;
  declare tokenHash: string;
  /** The token sealed with a server key (api/lib/tokens.ts), for its owner only; null for links made before docs/choices.md 47. */
  declare tokenSealed: string | null;
  declare showValues: boolean;
  /** The link shows the owner's first name (off unless the owner opted in). */
  declare showOwnerName: boolean;
  declare title: string;
  declare layout: string;
  declare customCount: number;
  /** The cached preview image (PNG), or null until first asked for. */
  declare previewPng: Buffer | null;
  /** The gallery version the cached preview shows. */
  declare previewVersion: number | null;
  declare createdAt: Date;
  declare updatedAt: Date;
  declare revokedAt: Date | null;
}
