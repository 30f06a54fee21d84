import { useStore } from '@nanostores/react';
import { $cards, $dialog, closeDialog } from '../../stores/gallery.ts';
import type { TGalleryAccess } from '../../stores/gallery-layout.ts';
import Dialog from '../ui/Dialog.tsx';
import AddItemDialog from './AddItemDialog.tsx';
import DeleteCardDialog from './DeleteCardDialog.tsx';
import { DIALOG_TITLE_ID } from './dialog-ids.ts';
import EditCardDialog from './EditCardDialog.tsx';
import UpsellDialog from './UpsellDialog.tsx';
import ViewerDialog from './ViewerDialog.tsx';

/**
 * The one modal of the gallery, on the shared Dialog (role=dialog, aria-modal, the page inert
 * behind it, Tab kept inside, Esc and backdrop close, focus returned; toasts stay above it):
 * add item, edit, delete, the full-image viewer and the PRO upsell, as $dialog says.
 */
export default function GalleryDialogs({ access }: { access: TGalleryAccess }) {
  const dialog = useStore($dialog);
  const cards = useStore($cards);
  const card = dialog && 'slot' in dialog ? cards.get(dialog.slot) : undefined;

  let content = null;
  let className = 'g-dialog';
  if (dialog?.kind === 'add') {
    content = <AddItemDialog key={dialog.slot} slot={dialog.slot} />;
    className += ' g-dialog-wide';
  } else if (dialog?.kind === 'upsell') {
    content = <UpsellDialog feature={dialog.feature} />;
    className += ' g-dialog-upsell';
  } else if (card && dialog?.kind === 'edit') {
    content = <EditCardDialog key={card.slotNumber} card={card} />;
  } else if (card && dialog?.kind === 'delete') {
    content = <DeleteCardDialog card={card} />;
  } else if (card && dialog?.kind === 'view') {
    content = <ViewerDialog card={card} canEdit={access.canEdit} />;
    className += ' g-dialog-viewer';
  }

  // One dialog per kind: going from the viewer to its edit or delete dialog opens a new one, so focus
  // moves into it (not left on the viewer's vanished button) and returns to the slot when it closes.
  return (
    <Dialog key={dialog?.kind} open={content !== null} onClose={closeDialog} labelledBy={DIALOG_TITLE_ID} className={className}>
      {content}
    </Dialog>
  );
}
