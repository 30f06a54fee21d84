import type Stripe from 'stripe';
import { PRO_PRICE_CENTS } from '../../../../core/limits.ts';

/** The lookup key of the PRO price, so `ratio stripe setup` finds it again in any account. */
export const PRO_PRICE_LOOKUP_KEY = 'ratio_pro_monthly';

/** The active PRO price found by its lookup key, or null. */
export async function findProPrice(stripe: Stripe): Promise<Stripe.Price | null> {
  const prices = await stripe.prices.list({ lookup_keys: [PRO_PRICE_LOOKUP_KEY], active: true, limit: 1 });
  return prices.data[0] ?? null;
}

/**
 * The PRO price ($10/month recurring, docs/product.md §1): found by its lookup key, or created with its
 * product. Idempotent: running it twice finds the first price.
 */
export async function ensureProPrice(stripe: Stripe): Promise<{ price: Stripe.Price; created: boolean }> {
  const found = await findProPrice(stripe);
  if (found) return { price: found, created: false };
  const price = await stripe.prices.create(
    {
      currency: 'usd',
      unit_amount: PRO_PRICE_CENTS,
      recurring: { interval: 'month' },
      lookup_key: PRO_PRICE_LOOKUP_KEY,
      product_data: { name: 'Ratio PRO' },
    },
    { idempotencyKey: `ratio-pro-price-${PRO_PRICE_LOOKUP_KEY}` },
  );
  return { price, created: true };
}
