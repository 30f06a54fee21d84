import Router from '@koa/router';
import { ZMarketUpdate, ZProductSearch, ZSlotParams, ZWallCountsValue } from '../../../core/contracts/cards.types.ts';
import { ZAlertInput, ZRealizedQuery, ZSell } from '../../../core/contracts/prices.types.ts';
import type { TDeps } from '../../deps.ts';
import { publicUrl } from '../../env.ts';
import { badRequest, notFound } from '../../errors.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { requireAdmin } from '../../middleware/require-admin.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentMarket, presentSlot } from '../../presenters/card.ts';
import { lockUser } from '../../services/accounts/lock-user.ts';
import { assertCanEditSlots } from '../../services/cards/slot-access.ts';
import { adminPrices } from '../../services/prices/admin-prices.ts';
import { cardInSlot, setCardCountsValue } from '../../services/prices/card-in-slot.ts';
import { pricesUnavailable, refreshCardNow } from '../../services/prices/market-value.ts';
import { createAlert, deleteAlert, listAlerts, unsubscribeAlert } from '../../services/prices/price-alerts.ts';
import { profitSummary, realizedGainsCsv, sellCard } from '../../services/prices/profit.ts';
import { PriceProviderError } from '../../services/prices/provider.ts';


/** Market values, P&L and price alerts (docs/choices.md 45). */
export function priceRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  const cardIn = (userId: number, slot: number) => cardInSlot(deps.db, userId, slot);

  router.put('/cards/counts-value', auth, jsonBody(), async (ctx) => {
    const { countsValue } = parseInput(ZWallCountsValue, bodyOf(ctx));
    await deps.db.transaction(async (trx) => {
      const user = await lockUser(trx, userOf(ctx).id);
      await trx('users').where('id', user.id).update({ countsValue });
    });
    ctx.body = { countsValue };
  });

  router.get('/cards/profit', auth, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await profitSummary({ db: deps.db, user: userOf(ctx) });
  });

  router.get('/cards/realized.csv', auth, async (ctx) => {
    const { year } = parseInput(ZRealizedQuery, ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="ratio-realized-gains-${year}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = await realizedGainsCsv({ db: deps.db, user: userOf(ctx), year });
  });

  // The viewer's whole market value (the wall's answer carries its price only).
  router.get('/cards/:slot/market', auth, async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const card = await cardIn(userOf(ctx).id, slot);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = { market: presentMarket(card) ?? null };
  });

  router.get('/cards/:slot/market/search', auth, async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const { q } = parseInput(ZProductSearch, { q: ctx.query.q });
    await cardIn(userOf(ctx).id, slot);
    try {
      ctx.body = { source: deps.prices.label, isMarketData: deps.prices.isMarketData, products: await deps.prices.search(q) };
    } catch (error) {
      if (error instanceof PriceProviderError) throw pricesUnavailable(error);
      throw error;
    }
  });

  router.post('/cards/:slot/market/refresh', auth, async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const user = userOf(ctx);
    assertCanEditSlots(user, deps.clock(), [slot]);
    const card = await cardIn(user.id, slot);
    const { card: updated, outcome } = await refreshCardNow({ db: deps.db, prices: deps.prices, card, now: deps.clock() });
    ctx.body = { outcome, card: presentSlot(updated) };
  });

  router.patch('/cards/:slot/market', auth, jsonBody(), async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const input = parseInput(ZMarketUpdate, bodyOf(ctx));
    if (input.countsValue === undefined && input.productId === undefined) throw badRequest('invalid_input', 'Give countsValue or productId');
    const user = userOf(ctx);
    assertCanEditSlots(user, deps.clock(), [slot]);
    let card = await cardIn(user.id, slot);
    if (input.countsValue !== undefined) {
      card = await setCardCountsValue(deps.db, user.id, card.id, input.countsValue ?? null);
    }
    let outcome: string | null = null;
    if (input.productId !== undefined) {
      ({ card, outcome } = await refreshCardNow({ db: deps.db, prices: deps.prices, card, now: deps.clock(), productId: input.productId }));
    }
    ctx.body = { outcome, card: presentSlot(card) };
  });

  router.post('/cards/:slot/sell', auth, jsonBody(), async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const input = parseInput(ZSell, bodyOf(ctx));
    ctx.body = await sellCard({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), slotNumber: slot, ...input });
  });

  router.get('/price-alerts', auth, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await listAlerts({ db: deps.db, user: userOf(ctx) });
  });
  router.post('/price-alerts', auth, jsonBody(), async (ctx) => {
    const input = parseInput(ZAlertInput, bodyOf(ctx));
    ctx.status = 201;
    ctx.body = await createAlert({ db: deps.db, user: userOf(ctx), now: deps.clock(), input });
  });
  router.delete('/price-alerts/:id', auth, async (ctx) => {
    const id = /^[1-9]\d{0,15}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : 0;
    if (!id) throw notFound('No such alert', 'alert_not_found');
    await deleteAlert({ db: deps.db, user: userOf(ctx), id });
    ctx.status = 204;
  });
  // The link in every alert mail: one click, no sign-in.
  router.get('/price-alerts/unsubscribe', async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const done = token.length > 0 && token.length <= 100 && await unsubscribeAlert(deps.db, token);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'html';
    ctx.body = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Price alert</title>`
      + `<p>${done ? 'Unsubscribed: this price alert will send no more mail.' : 'This price alert was already removed.'}</p><p><a href="${publicUrl(deps.env)}/gallery">Back to your gallery</a></p>`;
  });

  router.get('/admin/prices', requireAdmin(deps), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await adminPrices({ db: deps.db, prices: deps.prices, now: deps.clock() });
  });

  return router;
}
