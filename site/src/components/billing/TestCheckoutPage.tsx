import { useEffect, useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { loadBillingConfig } from '../../stores/billing.ts';
import { toast } from '../../stores/toast.ts';
import { PRO_PRICE_LABEL, type TTestCard } from '../../../../core/billing.ts';
import type { TTestCardInput, TTestCheckoutView } from '../../../../core/contracts/billing.types.ts';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import FormCard from '../ui/FormCard.tsx';
import Spinner from '../ui/Spinner.tsx';
import TextField from '../ui/TextField.tsx';
import TestCardFields from './TestCardFields.tsx';
import TestModeNote from '../ui/TestModeNote.tsx';
import PayProgress from './PayProgress.tsx';

type TLoad = { kind: 'loading' } | { kind: 'missing' } | { kind: 'ready'; checkout: TTestCheckoutView; cards: readonly TTestCard[] };

/**
 * Local billing's hosted checkout (TEST MODE), where a visitor's checkoutUrl points: email and a
 * test card; paying leads to /complete-setup?session_id=… as Stripe Checkout would.
 */
function TestCheckoutPage() {
  const [load, setLoad] = useState<TLoad>({ kind: 'loading' });
  const [email, setEmail] = useState('');
  const [card, setCard] = useState<TTestCardInput>({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('session_id');
    if (!id) {
      setLoad({ kind: 'missing' });
      return;
    }
    Promise.all([callApi(API.testCheckout, { params: { sessionId: id } }), loadBillingConfig()])
      .then(([checkout, config]) => {
        setEmail(checkout.email ?? '');
        setLoad({ kind: 'ready', checkout, cards: config.testCards });
      })
      .catch(() => setLoad({ kind: 'missing' }));
  }, []);

  if (load.kind === 'loading') return <Spinner label="Loading checkout…" />;
  if (load.kind === 'missing' || load.checkout.status === 'expired') {
    return (
      <FormCard title="Checkout unavailable" lead="This checkout link is not valid or has expired.">
        <a className="btn btn-primary btn-block" href="/pricing">
          Back to Pricing
        </a>
      </FormCard>
    );
  }
  const { checkout } = load;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const paid = await callApi(API.testCheckoutPay, { params: { sessionId: checkout.sessionId }, body: { email, card } });
      window.location.assign(paid.redirectUrl);
    } catch (err) {
      setBusy(false);
      toast({ title: 'Payment Failed', description: errorMessage(err, 'Your payment could not be completed. Please try again.'), variant: 'error' });
    }
  };

  return (
    <FormCard eyebrow="Checkout" title="Subscribe to Ratio PRO" lead={`${PRO_PRICE_LABEL}, renews monthly. Cancel anytime.`}>
      <form onSubmit={onSubmit} aria-busy={busy} className="pay-form">
        <TestModeNote>This page stands in for Stripe Checkout.</TestModeNote>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          disabled={busy || checkout.status === 'complete'}
        />
        <TestCardFields card={card} onChange={setCard} testCards={load.cards} disabled={busy} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Processing...' : `Pay $${(checkout.priceCents / 100).toFixed(2)}`}
        </button>
        {busy && <PayProgress>Confirming your payment…</PayProgress>}
      </form>
    </FormCard>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(TestCheckoutPage);
