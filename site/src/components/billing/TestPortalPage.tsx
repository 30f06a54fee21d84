import { useEffect, useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { loadBillingConfig } from '../../stores/billing.ts';
import { toast } from '../../stores/toast.ts';
import type { TTestCard } from '../../../../core/billing.ts';
import type { TTestCardInput, TTestPortalView } from '../../../../core/contracts/billing.types.ts';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import RequireUser from '../shell/RequireUser.tsx';
import FormCard from '../ui/FormCard.tsx';
import Spinner from '../ui/Spinner.tsx';
import TestCardFields from './TestCardFields.tsx';
import TestModeNote from '../ui/TestModeNote.tsx';
import { formatShortDate } from '../../../../core/format.ts';

/** The portal's body: the plan, the card on file, and a form to replace it (an unpaid renewal is paid with it). */
function Portal() {
  const [view, setView] = useState<TTestPortalView | null>(null);
  const [cards, setCards] = useState<readonly TTestCard[]>([]);
  const [card, setCard] = useState<TTestCardInput>({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);
  const load = () => callApi(API.testPortal).then(setView);

  useEffect(() => {
    void load().catch(() => toast({ title: 'Error', description: 'Failed to open billing portal. Please try again.', variant: 'error' }));
    void loadBillingConfig()
      .then((c) => setCards(c.testCards))
      .catch(() => undefined);
  }, []);
  if (!view) return <Spinner label="Loading billing…" />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await callApi(API.testPaymentMethod, { body: { card } });
      await load();
      setCard({ number: '', expiry: '', cvc: '' });
      toast({ title: 'Card Updated', description: 'Your new card is on file.', variant: 'success' });
    } catch (err) {
      toast({ title: 'Payment Failed', description: errorMessage(err, 'Your card could not be saved. Please try again.'), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const s = view.subscription;
  return (
    <FormCard eyebrow="Billing portal" title="Manage Billing" lead={s.message} footer={<a href={view.returnUrl}>Return to Ratio</a>}>
      <TestModeNote>This page stands in for Stripe's billing portal.</TestModeNote>
      <dl className="sub-details">
        <div>
          <dt>Card on file</dt>
          <dd data-testid="card-on-file">{view.card ? `•••• ${view.card.last4} (expires ${view.card.expiry})` : 'None'}</dd>
        </div>
        {s.stripeDetails?.nextBillingDate && (
          <div>
            <dt>Next billing date</dt>
            <dd>{formatShortDate(s.stripeDetails.nextBillingDate)}</dd>
          </div>
        )}
      </dl>
      <form onSubmit={onSubmit} aria-busy={busy} className="pay-form">
        <h2 className="account-section-title">Update card</h2>
        <TestCardFields card={card} onChange={setCard} testCards={cards} disabled={busy} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Saving...' : 'Save Card'}
        </button>
      </form>
    </FormCard>
  );
}

/** Local billing's billing portal (TEST MODE), where POST /api/subscription/portal points. */
function TestPortalPage() {
  return <RequireUser>{() => <Portal />}</RequireUser>;
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(TestPortalPage);
