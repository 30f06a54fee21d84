import { PRICING_FEATURES } from '../../lib/pro-features.ts';

/** The PRO features with check marks (docs/product.md §2 /pricing). */
export default function ProFeatureList() {
  return (
    <ul className="pro-features">
      {PRICING_FEATURES.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}
