import { BaseModel } from './BaseModel.ts';

/** A single-use password-reset token, stored hashed, valid one hour (docs/product.md §9). */
export class PasswordResetToken extends BaseModel {
  static override tableName = 'password_reset_tokens';

  declare id: number;
  declare userId: number;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare usedAt: Date | null;
  declare createdAt: Date;
}
