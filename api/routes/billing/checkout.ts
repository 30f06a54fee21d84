import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { TAccountAnswer } from '../../../core/contracts/auth.types.ts';
import type { TCheckoutSessionAnswer } from '../../../core/contracts/billing.types.ts';
import type { TDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { refuseContentEncoding } from '../../middleware/body.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { startSession } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { checkoutName, completeAccountSetup, paidCheckout } from '../../services/billing/complete-account-setup.ts';
import { handleBillingEvent } from '../../services/billing/handle-event.ts';
import { serve } from '../serve.ts';

/** Stripe's webhook bodies are small and never compressed; the raw text is kept for the signature check. */
const parseRawJson = koaBody({ json: true, multipart: false, urlencoded: false, text: false, jsonLimit: '1mb', includeUnparsed: true });
const rawJson: typeof parseRawJson = (ctx, next) => {
  refuseContentEncoding(ctx);
  return parseRawJson(ctx, next);
};

/**
 * The guest checkout's way back (docs/product.md §2 /complete-setup, §7) and the provider's webhook:
 * Signature checked on the raw body, each event handled once.
 */
export function checkoutRoutes(deps: TDeps): Router {
  const router = new Router();
  const billing = deps.billing.provider;

  serve(router, 'checkoutSession', {}, async (ctx, { params: { sessionId } }) => {
    const session = await paidCheckout(billing, sessionId);
    const answer: TCheckoutSessionAnswer = { email: session.email, nameKnown: Object.values(checkoutName(session)).every(Boolean) };
    ctx.set('Cache-Control', 'no-store');
    return answer;
  });

  serve(router, 'completeAccountSetup', {}, async (ctx, { body: input }) => {
    await consume([deps.limits.registerIp, ctx.ip]);
    const user = await completeAccountSetup({
      db: deps.db,
      billing,
      now: deps.clock(),
      sessionId: input.sessionId,
      password: input.password,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    await startSession(ctx, deps, user.id);
    deps.log.info({ userId: user.id }, 'account set up after checkout');
    ctx.status = 201;
    const answer: TAccountAnswer = presentUser(user, deps.clock());
    return answer;
  });

  serve(router, 'stripeWebhook', { read: rawJson }, async (ctx) => {
    if (!billing.parseWebhook) throw notFound('Stripe webhooks are off: billing runs in local test mode', 'not_found');
    const raw = ctx.request.rawBody;
    const signature = ctx.get('Stripe-Signature');
    if (!raw || !signature) throw badRequest('invalid_signature', 'The webhook signature does not match');
    const event = billing.parseWebhook(raw, signature);
    const outcome = await handleBillingEvent({ db: deps.db, billing, now: deps.clock(), event });
    deps.log.info({ eventId: event.id, type: event.type, outcome }, 'billing webhook');
    return { received: true, outcome };
  });

  return router;
}
