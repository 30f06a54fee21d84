import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { User } from '../../../db/models/User.ts';

/** Account look-ups for routes and CLI commands, which do not query models themselves. */

/** The account with this id, if any. */
export async function accountById(db: Knex, id: number): Promise<User | undefined> {
  return User.query(db).findById(id);
}

/** The account with this (already normalized) email, if any. */
export async function accountByEmail(db: Knex, email: string): Promise<User | undefined> {
  return User.query(db).modify('byEmail', email).first();
}

/** Every account, newest first. */
export async function listAccounts(db: Knex): Promise<User[]> {
  return User.query(db).orderBy('id', 'desc');
}

/** Every account that has a billing customer, oldest first. */
export async function accountsWithCustomer(db: Knex): Promise<User[]> {
  return User.query(db).whereNotNull('billingCustomerId').orderBy('id');
}

/** How many filled slots this account has. */
export async function cardCount(db: Knex, userId: number): Promise<number> {
  const row = (await CardSlot.query(db).where('userId', userId).count('* as n').first()) as unknown as { n: string | number };
  return Number(row.n);
}
