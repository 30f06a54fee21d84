import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { cardDataOf } from '../../../../core/cards/card-data.ts';
import { cardForm, readCardForm } from '../../../../core/cards/form.ts';
import { $pendingSlots, closeDialog, closeDialogIf, updateCard, type TCardFormFields, type TGalleryCard } from '../../stores/gallery.ts';
import CardFields from './CardFields.tsx';
import { DIALOG_TITLE_ID } from './dialog-ids.ts';
import { slotLabel, valueText } from './format.ts';
import DialogFormActions from '../ui/DialogFormActions.tsx';

/**
 * The edit dialog: the card's fields and values (docs/choices.md 39), saved with PATCH (only what changed;
 * the title and description follow from the fields). A field that breaks a rule is named under it.
 */
export default function EditCardDialog({ card }: { card: TGalleryCard }) {
  // The values as the wall shows them ('$2,500', not the '2500' once typed; docs/choices.md 47).
  const [fields, setFields] = useState<TCardFormFields>(() => ({
    ...cardForm(cardDataOf(card)),
    value: valueText(card.value, card.valueCents) ?? '',
    allTimeHigh: valueText(card.allTimeHigh, card.allTimeHighCents) ?? '',
  }));
  const [checked, setChecked] = useState(false);
  const saving = useStore($pendingSlots).has(card.slotNumber);
  const problems = checked ? readCardForm(fields).problems : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setChecked(true);
    if (Object.keys(readCardForm(fields).problems).length > 0) return;
    if (await updateCard(card, fields)) closeDialogIf('edit', card.slotNumber);
  };

  return (
    <form className="g-form" onSubmit={submit} noValidate>
      <div className="dialog-head">
        <p className="eyebrow g-eyebrow-accent">{slotLabel(card.slotNumber)}</p>
        <h2 id={DIALOG_TITLE_ID}>Edit Card</h2>
      </div>
      <div className="g-edit-grid">
        {card.thumbUrl && <img className="g-edit-thumb" src={card.thumbUrl} alt="" width={400} height={560} />}
        <CardFields
          fields={fields}
          onChange={setFields}
          before={{ title: card.title, description: card.description, data: cardDataOf(card) }}
          problems={problems}
          disabled={saving}
        />
      </div>
      <DialogFormActions onCancel={closeDialog} disabled={saving}>
        {saving ? 'Saving...' : 'Save Changes'}
      </DialogFormActions>
    </form>
  );
}
