import { PRO_FEATURES } from './steps.ts';

/** The PRO features with check marks (docs/product.md §2 /pricing). */
export default function ProFeatureList() {
  return (
    <ul className="pro-features">
      {PRO_FEATURES.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}
