import { UniqueViolationError } from 'objection';
import { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import type { TDb } from '../../lib/transaction.ts';

export interface TRegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const taken = () => conflict('An account with this email already exists', 'email_taken');

/** Refuses an email already registered (409 email_taken). */
export async function assertEmailFree(db: TDb, email: string): Promise<void> {
  const existing = await User.query(db).modify('byEmail', email).first();
  if (existing) throw taken();
}

/**
 * Inserts an account whose password is already hashed (hashing is slow: do it before opening a
 * transaction). Refuses an email already registered (409 email_taken), also when two sign-ups
 * with one email race (the unique index decides).
 */
export async function insertUser(db: TDb, fields: { email: string; passwordHash: string; firstName: string; lastName: string }): Promise<User> {
  const email = fields.email.trim().toLowerCase();
  await assertEmailFree(db, email);
  try {
    return await User.query(db).insertAndFetch({
      email,
      passwordHash: fields.passwordHash,
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
    });
  } catch (err) {
    if (err instanceof UniqueViolationError) throw taken();
    throw err;
  }
}
