import { useState, type FormEvent } from 'react';
import { updateAnonymousCard, type TAnonymousCard, type TAnonymousCardFields } from '../../stores/anonymous-collection.ts';
import Dialog from '../ui/Dialog.tsx';
import DialogFormActions from '../ui/DialogFormActions.tsx';

interface Props {
  /** The card being edited, or null when the dialog is closed. */
  card: TAnonymousCard | null;
  onClose(): void;
}

function EditForm({ card, onClose }: { card: TAnonymousCard; onClose(): void }) {
  const [fields, setFields] = useState<TAnonymousCardFields>({
    player: card.player,
    year: card.year,
    brand: card.brand,
    condition: card.condition,
    userValue: card.userValue,
    userNotes: card.userNotes,
    cardNumber: card.cardNumber,
    certNumber: card.certNumber,
    variety: card.variety,
    sport: card.sport,
  });
  const set = (name: keyof TAnonymousCardFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The wall's edit has no validation (docs/product.md §5): the store persists, broadcasts and toasts.
    if (updateAnonymousCard(card.id, fields)) onClose();
  };

  return (
    <form onSubmit={onSubmit} className="edit-form">
      <div className="dialog-head">
        <p className="eyebrow">Registry entry</p>
        <h2 id="edit-card-title">Edit Card Details</h2>
      </div>
      <div className="edit-grid">
        {card.image && <img className="edit-thumb" src={card.image} alt="" />}
        <div>
          <div className="field">
            <label htmlFor="edit-player">Player Name</label>
            <input id="edit-player" name="player" value={fields.player} onChange={set('player')} autoComplete="off" />
          </div>
          <div className="field-row">
            <div className="field">
              <label htmlFor="edit-year">Year</label>
              <input id="edit-year" name="year" value={fields.year} onChange={set('year')} inputMode="numeric" autoComplete="off" />
            </div>
            <div className="field">
              <label htmlFor="edit-brand">Brand</label>
              <input id="edit-brand" name="brand" value={fields.brand} onChange={set('brand')} autoComplete="off" />
            </div>
          </div>
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="edit-condition">Condition</label>
          <input id="edit-condition" name="condition" value={fields.condition} onChange={set('condition')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="edit-value">Estimated Value ($)</label>
          <input
            id="edit-value"
            name="userValue"
            value={fields.userValue}
            onChange={set('userValue')}
            placeholder="150"
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="edit-card-number">Card Number</label>
          <input id="edit-card-number" name="cardNumber" value={fields.cardNumber} onChange={set('cardNumber')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="edit-cert-number">Cert Number</label>
          <input id="edit-cert-number" name="certNumber" value={fields.certNumber} onChange={set('certNumber')} inputMode="numeric" autoComplete="off" />
        </div>
      </div>
      <div className="field">
        <label htmlFor="edit-notes">Notes (Optional)</label>
        <textarea id="edit-notes" name="userNotes" rows={3} value={fields.userNotes} onChange={set('userNotes')} />
      </div>
      <DialogFormActions onCancel={onClose}>Save Changes</DialogFormActions>
    </form>
  );
}

/** The wall's 'Edit Card Details' dialog (docs/product.md §2): every field editable, Save Changes and Cancel. */
export default function EditCardDialog({ card, onClose }: Props) {
  return (
    <Dialog open={card !== null} onClose={onClose} labelledBy="edit-card-title" className="edit-dialog">
      {card && <EditForm key={card.id} card={card} onClose={onClose} />}
    </Dialog>
  );
}
