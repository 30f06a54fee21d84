import { PRO_PRICE_CENTS } from '../../../../core/limits.ts';
import ProFeatureList from './ProFeatureList.tsx';

/** The PRO summary beside every /pricing step: price, terms and the features (docs/product.md §2 /pricing). */
export default function PricingAside({ note = '7-day free trial. No payment needed to start. Cancel anytime.' }: { note?: string }) {
  return (
    <aside className="pricing-aside" aria-labelledby="pro-title">
      <p className="eyebrow">Ratio PRO</p>
      <h2 id="pro-title">Everything your wall deserves</h2>
      <p className="pricing-price">
        <strong>${PRO_PRICE_CENTS / 100}</strong>
        <span>/month</span>
      </p>
      <p className="muted">{note}</p>
      <ProFeatureList />
    </aside>
  );
}
