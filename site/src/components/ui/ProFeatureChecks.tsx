import { PRO_FEATURES } from '../../lib/pro-features.ts';
import { CheckIcon } from './icons.tsx';

/** PRO's features, each with a check mark: the list of the upgrade and upsell dialogs. */
export default function ProFeatureChecks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {PRO_FEATURES.map((feature) => (
        <li key={feature}>
          <CheckIcon size={16} />
          {feature}
        </li>
      ))}
    </ul>
  );
}
