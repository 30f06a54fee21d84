import { closeDialog, goToPricing, type TUpsellFeature } from '../../stores/gallery.ts';
import { DIALOG_TITLE_ID } from './dialog-ids.ts';
import ProFeatureChecks from '../ui/ProFeatureChecks.tsx';
import { SparkIcon } from '../ui/icons.tsx';

const COPY: Record<TUpsellFeature, { title: string; lead: string }> = {
  swap: { title: 'Card swap is a PRO feature', lead: 'Rearrange your wall: drag a card onto any slot, or tap two slots to trade their places.' },
  layouts: { title: 'Custom layouts are a PRO feature', lead: 'Hang your wall 4x5, 6x4, as a TOP 10, or any size up to 1,000 slots.' },
  'full-gallery': { title: 'Full gallery is a PRO feature', lead: 'Hide the panels and let the cards fill the wall.' },
  slot: { title: 'Your wall is full', lead: 'PRO holds up to 1,000 cards, with every slot ready for your next pickup.' },
  'locked-slot': { title: 'This is a PRO slot', lead: 'Your plan holds 10 cards. PRO opens every slot up to 1,000.' },
};

interface TUpsellBody {
  titleId: string;
  title: string;
  lead: string;
  onClose(): void;
}

/** The upsell's content, shared by the gallery's dialog and the share dialog: 'Upgrade to PRO' goes to /pricing. */
export function UpsellBody({ titleId, title, lead, onClose }: TUpsellBody) {
  return (
    <div className="g-upsell" data-testid="upsell-dialog">
      <div className="g-upsell-glow" aria-hidden="true" />
      <p className="eyebrow g-eyebrow-accent">
        <SparkIcon size={14} /> Ratio PRO
      </p>
      <h2 id={titleId}>{title}</h2>
      <p className="g-upsell-lead">{lead}</p>
      <ProFeatureChecks className="g-upsell-list" />
      <div className="g-upsell-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={() => goToPricing()} autoFocus>
          Upgrade to PRO
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
          Not right now
        </button>
      </div>
      <p className="g-upsell-note">PRO is $10/month. Cancel anytime.</p>
    </div>
  );
}

/** The PRO upsell (docs/product.md §2): 'Upgrade to PRO' goes to /pricing, 'Not right now' closes it. */
export default function UpsellDialog({ feature }: { feature: TUpsellFeature }) {
  return <UpsellBody titleId={DIALOG_TITLE_ID} {...COPY[feature]} onClose={closeDialog} />;
}
