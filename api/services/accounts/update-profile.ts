import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';

/** Sets a user's first and last name (trimmed, docs/product.md §5). */
export async function updateProfile(opts: { db: Knex; userId: number; firstName: string; lastName: string }): Promise<User> {
  return User.query(opts.db).patchAndFetchById(opts.userId, {
    firstName: opts.firstName.trim(),
    lastName: opts.lastName.trim(),
    updatedAt: new Date(),
  });
}
