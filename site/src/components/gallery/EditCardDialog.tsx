import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $pendingSlots, closeDialog, closeDialogIf, updateCard, type TCardFields, type TGalleryCard } from '../../stores/gallery.ts';
import CardFields from './CardFields.tsx';
import { DIALOG_TITLE_ID } from './dialog-ids.ts';
import { slotLabel } from './format.ts';

/** The edit dialog: the card's title, description, value and all-time high, saved with PATCH. */
export default function EditCardDialog({ card }: { card: TGalleryCard }) {
  const [fields, setFields] = useState<TCardFields>({
    title: card.title,
    description: card.description,
    value: card.value ?? '',
    allTimeHigh: card.allTimeHigh ?? '',
  });
  const saving = useStore($pendingSlots).has(card.slotNumber);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (await updateCard(card.slotNumber, fields)) closeDialogIf('edit', card.slotNumber);
  };

  return (
    <form className="g-form" onSubmit={submit}>
      <div className="dialog-head">
        <p className="eyebrow g-eyebrow-accent">{slotLabel(card.slotNumber)}</p>
        <h2 id={DIALOG_TITLE_ID}>Edit Card</h2>
      </div>
      <div className="g-edit-grid">
        {card.thumbUrl && <img className="g-edit-thumb" src={card.thumbUrl} alt="" width={400} height={560} />}
        <CardFields fields={fields} onChange={setFields} disabled={saving} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={closeDialog}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? 'Saving...' : 'Save Changes'}</button>
      </div>
    </form>
  );
}
