import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { payWithTestCard } from '../../stores/billing.ts';
import type { TTestCard } from '../../../../core/billing.ts';
import type { TTestCardInput } from '../../../../core/contracts/billing.types.ts';
import TestCardFields from './TestCardFields.tsx';
import TestModeNote from '../ui/TestModeNote.tsx';
import type { TPaymentFormProps } from './payment-form.ts';
import PayProgress from './PayProgress.tsx';

/**
 * Local billing's payment form (TEST MODE): a test card pays the first invoice through
 * POST /api/billing/test/pay; a declined card shows 'Payment Failed' with the provider's words.
 */
export default function TestPaymentForm({ clientSecret, testCards, onPaid, onFailed, cancelHref }: TPaymentFormProps & { testCards: readonly TTestCard[] }) {
  const [card, setCard] = useState<TTestCardInput>({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await payWithTestCard(clientSecret, card);
      await onPaid();
    } catch (err) {
      setBusy(false);
      onFailed(errorMessage(err, 'Your payment could not be completed. Please try again.'));
    }
  };

  return (
    <form onSubmit={onSubmit} aria-busy={busy} className="pay-form">
      <TestModeNote>Use a test card below.</TestModeNote>
      <TestCardFields card={card} onChange={setCard} testCards={testCards} disabled={busy} />
      <div className="pay-buttons">
        <a className="btn" href={cancelHref} aria-disabled={busy}>
          Cancel
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Processing...' : 'Complete Upgrade'}
        </button>
      </div>
      {busy && <PayProgress>Confirming your payment…</PayProgress>}
    </form>
  );
}
