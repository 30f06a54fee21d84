import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import { hashPassword } from '../../lib/password.ts';

export interface TRegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates an account; refuses an email already registered (409 email_taken). */
export async function registerUser(opts: { db: Knex; input: TRegisterInput; adminEmails: string[] }): Promise<User> {
  const email = opts.input.email.trim().toLowerCase();
  const existing = await User.query(opts.db).modify('byEmail', email).first();
  if (existing) throw conflict('An account with this email already exists', 'email_taken');
  const passwordHash = await hashPassword(opts.input.password);
  return User.query(opts.db).insertAndFetch({
    email,
    passwordHash,
    firstName: opts.input.firstName.trim(),
    lastName: opts.input.lastName.trim(),
    isAdmin: opts.adminEmails.includes(email),
  });
}
