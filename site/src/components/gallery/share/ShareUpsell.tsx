import { goToPricing } from '../../../stores/gallery.ts';
import { CheckIcon, SparkIcon } from '../icons.tsx';
import { SHARE_TITLE_ID } from './share-parts.tsx';

const FEATURES = ['Up to 1,000 cards', 'Custom grid layouts and card swap', 'Registry mode and portfolio analytics', 'Collection sharing and priority support'];

/** The PRO upsell for sharing, as the gallery's other PRO features show it (UpsellDialog.tsx, spec §2). */
export default function ShareUpsell({ onClose }: { onClose(): void }) {
  return (
    <div className="g-upsell" data-testid="upsell-dialog">
      <div className="g-upsell-glow" aria-hidden="true" />
      <p className="eyebrow g-eyebrow-accent"><SparkIcon size={14} /> Ratio PRO</p>
      <h2 id={SHARE_TITLE_ID}>Sharing is a PRO feature</h2>
      <p className="g-upsell-lead">Show off your wall with one link: a read-only gallery anyone can open, with a preview card for every post.</p>
      <ul className="g-upsell-list">
        {FEATURES.map((f) => <li key={f}><CheckIcon size={16} />{f}</li>)}
      </ul>
      <div className="g-upsell-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={() => goToPricing()} autoFocus>Upgrade to PRO</button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>Not right now</button>
      </div>
      <p className="g-upsell-note">PRO is $10/month. Cancel anytime.</p>
    </div>
  );
}
