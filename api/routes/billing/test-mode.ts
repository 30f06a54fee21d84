import Router from '@koa/router';
import { PRO_PRICE_CENTS } from '../../../core/limits.ts';
import type { TSyncAnswer, TTestCheckoutPaid, TTestCheckoutView, TTestPortalView } from '../../../core/contracts/billing.types.ts';
import type { TDeps } from '../../deps.ts';
import { publicUrl } from '../../env.ts';
import { conflict, notFound } from '../../errors.ts';
import { currentUser, requireUser, userOf } from '../../middleware/session.ts';
import { presentSubscription } from '../../presenters/subscription.ts';
import { presentUser } from '../../presenters/user.ts';
import { handleBillingEvent } from '../../services/billing/handle-event.ts';
import type { LocalBilling } from '../../services/billing/local/local-billing.ts';
import { ensureCustomer } from '../../services/billing/ensure-customer.ts';
import { accountById } from '../../services/accounts/find-accounts.ts';
import { serve } from '../serve.ts';

/**
 * Local billing's TEST MODE calls (present only without Stripe keys): the stand-ins for Stripe's
 * Payment Element, hosted checkout and billing portal. A payment here goes through the same event
 * handler and the same syncSubscription as a Stripe webhook.
 */
export function testModeRoutes(deps: TDeps, local: LocalBilling): Router {
  const router = new Router();
  const auth = requireUser(deps);
  const handle = (event: Parameters<typeof handleBillingEvent>[0]['event']) => handleBillingEvent({ db: deps.db, billing: local, now: deps.clock(), event });
  const answerFor = async (userId: number): Promise<TSyncAnswer> => {
    const user = await accountById(deps.db, userId);
    if (!user) throw notFound('No such account');
    return { user: presentUser(user, deps.clock()), subscription: presentSubscription(user, deps.clock(), local.billing) };
  };

  // Confirms a first payment; the owner is the signed-in account (a visitor's checkout pays below).
  serve(router, 'testPay', { use: [auth] }, async (ctx, { body: input }) => {
    const user = userOf(ctx);
    await handle(await local.payFirstInvoice({ clientSecret: input.clientSecret, customerId: user.billingCustomerId ?? '', card: input.card }));
    return await answerFor(user.id);
  });

  serve(router, 'testCheckout', {}, async (_ctx, { params: { sessionId } }) => {
    const checkout = await local.checkout(sessionId);
    if (!checkout) throw notFound('This checkout link is not valid.', 'checkout_not_found');
    const answer: TTestCheckoutView = {
      sessionId: checkout.id,
      status: checkout.status,
      email: checkout.email,
      priceCents: PRO_PRICE_CENTS,
      billing: local.billing,
    };
    return answer;
  });

  serve(router, 'testCheckoutPay', {}, async (ctx, { params: { sessionId }, body: input }) => {
    if ((await currentUser(ctx, deps)).user) throw conflict('You are signed in: subscribe from your account instead.', 'signed_in');
    const paid = await local.payCheckout({ sessionId, email: input.email, card: input.card });
    await handle(paid.event);
    const answer: TTestCheckoutPaid = { redirectUrl: paid.redirectUrl };
    return answer;
  });

  serve(router, 'testPortal', { use: [auth] }, async (ctx) => {
    const user = userOf(ctx);
    const customerId = user.billingCustomerId && local.ownsCustomer(user.billingCustomerId) ? user.billingCustomerId : null;
    const answer: TTestPortalView = {
      subscription: presentSubscription(user, deps.clock(), local.billing),
      card: customerId ? await local.cardOnFile(customerId) : null,
      returnUrl: `${publicUrl(deps.env)}/account`,
      billing: local.billing,
    };
    ctx.set('Cache-Control', 'no-store');
    return answer;
  });

  serve(router, 'testPaymentMethod', { use: [auth] }, async (ctx, { body: input }) => {
    const user = userOf(ctx);
    const customerId = await ensureCustomer({ db: deps.db, billing: local, user, now: deps.clock() });
    await handle(await local.updateCard({ customerId, card: input.card }));
    return await answerFor(user.id);
  });

  return router;
}
