import Router, { type RouterContext } from '@koa/router';
import { TEST_CARDS } from '../../../core/billing.ts';
import type {
  TBillingConfig,
  TCancelAnswer,
  TCreateSubscriptionAnswer,
  TPaymentStep,
  TPortalAnswer,
  TReactivateAnswer,
  TSubscriptionStatusView,
  TSyncAnswer,
} from '../../../core/contracts/billing.types.ts';
import { PRO_PRICE_CENTS } from '../../../core/limits.ts';
import type { User } from '../../../db/models/User.ts';
import type { TDeps } from '../../deps.ts';
import { publicUrl } from '../../env.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser, userOf } from '../../middleware/session.ts';
import { presentSubscription } from '../../presenters/subscription.ts';
import { presentUser } from '../../presenters/user.ts';
import { cancelSubscription } from '../../services/billing/cancel-subscription.ts';
import { freshAccount } from '../../services/billing/fresh-account.ts';
import { openPortal } from '../../services/billing/open-portal.ts';
import { pendingPayment } from '../../services/billing/pending-payment.ts';
import { reactivateSubscription } from '../../services/billing/reactivate-subscription.ts';
import { startSubscription } from '../../services/billing/start-subscription.ts';
import { syncSubscription } from '../../services/billing/sync-subscription.ts';
import { serve } from '../serve.ts';

/**
 * The subscription calls of docs/product.md §7 for signed-in users (and create-subscription for visitors,
 * who get a hosted checkout). The provider behind them is Stripe or local billing; these routes
 * do not know which.
 */
export function subscriptionRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);
  const billing = deps.billing.provider;
  const base = { db: deps.db, billing };
  const status = (user: User): TSubscriptionStatusView => presentSubscription(user, deps.clock(), billing.billing);
  const accountUrl = () => `${publicUrl(deps.env)}/account`;
  const fresh = (ctx: RouterContext) =>
    freshAccount({ ...base, user: userOf(ctx), now: deps.clock(), onError: (err) => deps.log.warn({ err }, 'billing refresh failed') });

  serve(router, 'billingConfig', {}, () => {
    const answer: TBillingConfig = {
      billing: billing.billing,
      publishableKey: billing.publishableKey,
      priceCents: PRO_PRICE_CENTS,
      currency: 'usd',
      interval: 'month',
      testCards: deps.billing.testMode ? TEST_CARDS : [],
    };
    return answer;
  });

  serve(router, 'subscriptionStatus', { use: [auth] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return status(await fresh(ctx));
  });

  serve(router, 'createSubscription', {}, async (ctx) => {
    const { user } = await currentUser(ctx, deps);
    let answer: TCreateSubscriptionAnswer;
    if (user) {
      answer = await startSubscription({ ...base, user, now: deps.clock() });
    } else {
      // A visitor with no account pays on the hosted checkout, then sets a password on /complete-setup.
      await consume([deps.limits.registerIp, ctx.ip]);
      const checkout = await billing.createGuestCheckout({
        successUrl: `${publicUrl(deps.env)}/complete-setup?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl(deps.env)}/pricing`,
      });
      answer = { checkoutUrl: checkout.url, billing: billing.billing };
    }
    return answer;
  });

  serve(router, 'createTrialUpgradeCheckout', { use: [auth] }, async (ctx) => {
    const answer: TPaymentStep = await startSubscription({ ...base, user: userOf(ctx), now: deps.clock() });
    return answer;
  });

  serve(router, 'paymentIntent', { use: [auth] }, async (ctx, { params: { subscriptionId } }) => {
    const answer: TPaymentStep = await pendingPayment({ billing, user: userOf(ctx), subscriptionId });
    ctx.set('Cache-Control', 'no-store');
    return answer;
  });

  serve(router, 'syncSubscription', { use: [auth] }, async (ctx) => {
    const user = userOf(ctx);
    const own = user.billingCustomerId !== null && billing.ownsCustomer(user.billingCustomerId);
    const synced =
      own && user.billingCustomerId ? ((await syncSubscription({ ...base, now: deps.clock(), customerId: user.billingCustomerId })) ?? user) : user;
    const answer: TSyncAnswer = { user: presentUser(synced, deps.clock()), subscription: status(synced) };
    return answer;
  });

  serve(router, 'cancelSubscription', { use: [auth] }, async (ctx) => {
    const user = await cancelSubscription({ ...base, user: userOf(ctx), now: deps.clock() });
    const answer: TCancelAnswer = { message: 'Subscription Cancelled', subscription: status(user) };
    return answer;
  });

  serve(router, 'reactivateSubscription', { use: [auth] }, async (ctx) => {
    const result = await reactivateSubscription({ ...base, user: userOf(ctx), now: deps.clock(), returnUrl: accountUrl() });
    const answer: TReactivateAnswer =
      result.action === 'reactivated' ? { action: 'reactivated', message: 'Subscription Reactivated', subscription: status(result.user) } : result;
    return answer;
  });

  serve(router, 'billingPortal', { use: [auth] }, async (ctx) => {
    const answer: TPortalAnswer = { url: await openPortal({ billing, user: userOf(ctx), returnUrl: accountUrl() }), billing: billing.billing };
    return answer;
  });

  return router;
}
