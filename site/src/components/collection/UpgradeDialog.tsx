import Dialog from '../ui/Dialog.tsx';
import ProFeatureChecks from '../ui/ProFeatureChecks.tsx';
import { TRIAL_NOTE, startFreeTrial } from './trial.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * The upgrade dialog of the anonymous wall (docs/product.md §2): 'FREE for 7 days', the trial note,
 * 'Start Free Trial' (backup, then /pricing) and 'Back to Gallery' (closes it).
 */
export default function UpgradeDialog({ open, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="upgrade-title" describedBy="upgrade-note" className="upgrade-dialog">
      <div className="upgrade-glow" aria-hidden="true" />
      <p className="eyebrow upgrade-eyebrow">Ratio PRO</p>
      <h2 id="upgrade-title" className="upgrade-title">
        <span className="upgrade-free">FREE</span> for 7 days
      </h2>
      <p className="upgrade-lead">Move your wall to a private gallery that follows you everywhere.</p>
      <ProFeatureChecks className="upgrade-features" />
      <div className="upgrade-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={startFreeTrial} data-autofocus>
          Start Free Trial
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
          Back to Gallery
        </button>
      </div>
      <p id="upgrade-note" className="trial-note">
        {TRIAL_NOTE}
      </p>
    </Dialog>
  );
}
