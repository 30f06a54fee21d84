import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { hashPassword } from '../../../db/password.ts';
import { assertEmailFree, insertUser } from '../accounts/register-user.ts';
import type { BillingProvider, TCheckoutSession } from './provider.ts';
import { currentSubscription, subscriptionFacts } from './sync-subscription.ts';

/** A paid guest checkout, or the 4xx that says why it cannot become an account. */
export async function paidCheckout(billing: BillingProvider, sessionId: string): Promise<TCheckoutSession & { email: string; customerId: string }> {
  const session = await billing.getCheckoutSession(sessionId);
  if (!session) throw notFound('This checkout link is not valid.', 'checkout_not_found');
  if (!session.complete || !session.email || !session.customerId) {
    throw conflict('This checkout has not been paid yet.', 'checkout_incomplete');
  }
  return { ...session, email: session.email, customerId: session.customerId };
}

/** The first and last name the checkout gave ('' for a part it did not). */
export function checkoutName(session: Pick<TCheckoutSession, 'name'>): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = (session.name ?? '').trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Turns a paid guest checkout into an account (docs/product.md §2 /complete-setup, §7): the email the payer
 * gave, the password chosen now, the checkout's customer and its subscription's facts, written in
 * one transaction. A checkout is used once (409 setup_done); an email already registered is
 * refused (409 email_taken) and the payer told to sign in.
 */
export async function completeAccountSetup(opts: {
  db: Knex;
  billing: BillingProvider;
  now: Date;
  sessionId: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}): Promise<User> {
  const session = await paidCheckout(opts.billing, opts.sessionId);
  const setupDone = () => conflict('Your account is already set up. Sign in with your email and password.', 'setup_done');
  if (await User.query(opts.db).modify('byBillingCustomer', session.customerId).first()) throw setupDone();
  await assertEmailFree(opts.db, session.email);
  const current = currentSubscription(await opts.billing.listSubscriptions(session.customerId));
  const passwordHash = await hashPassword(opts.password);
  // The name typed on /complete-setup, else the one the checkout asked for; an account always has one.
  const paid = checkoutName(session);
  const firstName = opts.firstName ?? paid.firstName;
  const lastName = opts.lastName ?? paid.lastName;
  if (!firstName || !lastName) throw badRequest('name_required', 'Enter your first and last name.');
  return opts.db.transaction(async (trx) => {
    const user = await insertUser(trx, { email: session.email, passwordHash, firstName, lastName });
    return User.query(trx).patchAndFetchById(user.id, {
      billingCustomerId: session.customerId,
      ...subscriptionFacts(current, opts.now),
      updatedAt: opts.now,
    });
  });
}
