import { UpsellBody } from '../UpsellDialog.tsx';
import { SHARE_TITLE_ID } from './share-parts.tsx';

/** The PRO upsell for sharing, as the gallery's other PRO features show it (UpsellDialog.tsx, docs/product.md §2). */
export default function ShareUpsell({ onClose }: { onClose(): void }) {
  return (
    <UpsellBody
      titleId={SHARE_TITLE_ID}
      title="Sharing is a PRO feature"
      lead="Show off your wall with one link: a read-only gallery anyone can open, with a preview card for every post."
      onClose={onClose}
    />
  );
}
