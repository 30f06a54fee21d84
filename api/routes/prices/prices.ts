import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { publicUrl } from '../../env.ts';
import { badRequest, notFound } from '../../errors.ts';
import { requireAdmin } from '../../middleware/require-admin.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentMarket, presentSlot } from '../../presenters/card.ts';
import { lockUser } from '../../services/accounts/lock-user.ts';
import { assertCanEditSlots } from '../../services/cards/slot-access.ts';
import { adminPrices } from '../../services/prices/admin-prices.ts';
import { marketOf } from '../../services/prices/card-market.ts';
import { cardInSlot, setCardCountsValue } from '../../services/prices/card-in-slot.ts';
import { pricesUnavailable, refreshCardNow } from '../../services/prices/market-value.ts';
import { createAlert, deleteAlert, listAlerts, unsubscribeAlert } from '../../services/prices/price-alerts.ts';
import { profitSummary, realizedGainsCsv, sellCard } from '../../services/prices/profit.ts';
import { PriceProviderError } from '../../services/prices/provider.ts';
import { serve } from '../serve.ts';

/** Market values, P&L and price alerts (docs/choices.md 45). */
export function priceRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  const cardIn = (userId: number, slot: number) => cardInSlot(deps.db, userId, slot);

  serve(router, 'setWallCountsValue', { use: [auth] }, async (ctx, { body: { countsValue } }) => {
    await deps.db.transaction(async (trx) => {
      const user = await lockUser(trx, userOf(ctx).id);
      await trx('users').where('id', user.id).update({ countsValue });
    });
    return { countsValue };
  });

  serve(router, 'profit', { use: [auth] }, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    return await profitSummary({ db: deps.db, user: userOf(ctx) });
  });

  serve(router, 'realizedCsv', { use: [auth] }, async (ctx, { query: { year } }) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="ratio-realized-gains-${year}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = await realizedGainsCsv({ db: deps.db, user: userOf(ctx), year });
  });

  // The viewer's whole market value (the wall's answer carries its price only).
  serve(router, 'cardMarket', { use: [auth] }, async (ctx, { params: { slot } }) => {
    const card = await cardIn(userOf(ctx).id, slot);
    ctx.set('Cache-Control', 'private, no-cache');
    return { market: presentMarket(card, await marketOf(deps.db, card.id)) ?? null };
  });

  serve(router, 'searchMarket', { use: [auth] }, async (ctx, { params: { slot }, query: { q } }) => {
    await cardIn(userOf(ctx).id, slot);
    try {
      return { source: await deps.prices.label(), isMarketData: deps.prices.isMarketData, products: await deps.prices.search(q) };
    } catch (error) {
      if (error instanceof PriceProviderError) throw pricesUnavailable(error);
      throw error;
    }
  });

  serve(router, 'refreshMarket', { use: [auth] }, async (ctx, { params: { slot } }) => {
    const user = userOf(ctx);
    assertCanEditSlots(user, deps.clock(), [slot]);
    const card = await cardIn(user.id, slot);
    const { card: updated, market, outcome } = await refreshCardNow({ db: deps.db, prices: deps.prices, card, now: deps.clock() });
    return { outcome, card: presentSlot(updated, market) };
  });

  serve(router, 'updateMarket', { use: [auth] }, async (ctx, { params: { slot }, body: input }) => {
    if (input.countsValue === undefined && input.productId === undefined) throw badRequest('invalid_input', 'Give countsValue or productId');
    const user = userOf(ctx);
    assertCanEditSlots(user, deps.clock(), [slot]);
    let card = await cardIn(user.id, slot);
    if (input.countsValue !== undefined) {
      card = await setCardCountsValue(deps.db, user.id, card.id, input.countsValue ?? null);
    }
    if (input.productId !== undefined) {
      const fixed = await refreshCardNow({ db: deps.db, prices: deps.prices, card, now: deps.clock(), productId: input.productId });
      return { outcome: fixed.outcome, card: presentSlot(fixed.card, fixed.market) };
    }
    return { outcome: null, card: presentSlot(card, await marketOf(deps.db, card.id)) };
  });

  serve(router, 'sellCard', { use: [auth] }, async (ctx, { params: { slot }, body: input }) => {
    return await sellCard({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), slotNumber: slot, ...input });
  });

  serve(router, 'listAlerts', { use: [auth] }, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    return await listAlerts({ db: deps.db, user: userOf(ctx) });
  });
  serve(router, 'createAlert', { use: [auth] }, async (ctx, { body: input }) => {
    ctx.status = 201;
    return await createAlert({ db: deps.db, user: userOf(ctx), now: deps.clock(), input });
  });
  serve(router, 'deleteAlert', { use: [auth], badParams: () => notFound('No such alert', 'alert_not_found') }, async (ctx, { params: { id } }) => {
    await deleteAlert({ db: deps.db, user: userOf(ctx), id });
    ctx.status = 204;
  });
  // The link in every alert mail: one click, no sign-in.
  serve(router, 'unsubscribeAlert', {}, async (ctx, { query: { token } }) => {
    const done = token !== undefined && (await unsubscribeAlert(deps.db, token));
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body =
      `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Price alert</title>`
      + `<p>${done ? 'Unsubscribed: this price alert will send no more mail.' : 'This price alert was already removed.'}</p><p><a href="${publicUrl(deps.env)}/gallery">Back to your gallery</a></p>`;
  });

  serve(router, 'adminPrices', { use: [requireAdmin(deps)] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await adminPrices({ db: deps.db, prices: deps.prices, now: deps.clock() });
  });

  return router;
}
