import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';
import { AppError } from '../../errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../../db/password.ts';

/**
 * The user whose email and password match. An unknown email answers 404 'User not found' (docs/product.md §8
 * tells the two apart) after the same hashing work as a wrong password, so timing reveals nothing
 * more than the answer itself; a wrong password answers 401.
 */
export async function verifyCredentials(opts: { db: Knex; email: string; password: string }): Promise<User> {
  const user = await User.query(opts.db).modify('byEmail', opts.email).first();
  if (!user) {
    await burnPasswordCheck(opts.password);
    throw new AppError(404, 'user_not_found', 'User not found');
  }
  if (!(await verifyPassword(opts.password, user.passwordHash))) {
    throw new AppError(401, 'invalid_credentials', 'Invalid email or password');
  }
  return user;
}
