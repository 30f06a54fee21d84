import { useStore } from '@nanostores/react';
import { $pendingSlots, closeDialog, closeDialogIf, deleteCard, type TGalleryCard } from '../../stores/gallery.ts';
import { DIALOG_TITLE_ID, focusSlot } from './dialog-ids.ts';
import { cardName, slotLabel } from './format.ts';

/** Confirms a delete before the slot is emptied. */
export default function DeleteCardDialog({ card }: { card: TGalleryCard }) {
  const deleting = useStore($pendingSlots).has(card.slotNumber);
  const confirm = async () => {
    if (await deleteCard(card.slotNumber)) {
      closeDialogIf('delete', card.slotNumber);
      focusSlot(card.slotNumber);
    }
  };
  return (
    <div className="g-confirm">
      <div className="dialog-head">
        <p className="eyebrow g-eyebrow-danger">{slotLabel(card.slotNumber)}</p>
        <h2 id={DIALOG_TITLE_ID}>Delete this card?</h2>
      </div>
      <div className="g-confirm-body">
        {card.thumbUrl && <img className="g-edit-thumb" src={card.thumbUrl} alt="" width={400} height={560} />}
        <p>
          <strong>{cardName(card)}</strong> and its photo will be removed from your gallery. This cannot be undone.
        </p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={closeDialog} autoFocus>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete Card'}
        </button>
      </div>
    </div>
  );
}
