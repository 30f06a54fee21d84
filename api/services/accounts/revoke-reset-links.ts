import type { Knex } from 'knex';
import { PasswordResetToken } from '../../../db/models/PasswordResetToken.ts';

/**
 * Marks every outstanding reset link of an account used: once the password has changed (by a reset
 * or in Account settings), no older link may change it again. Call inside the write's transaction.
 */
export async function revokeResetLinks(trx: Knex.Transaction, userId: number, now: Date): Promise<void> {
  await PasswordResetToken.query(trx).patch({ usedAt: now }).where('userId', userId).whereNull('usedAt');
}
