import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { PAYMENT_RETURN_PATH, type TPaymentFormProps } from './payment-form.ts';
import PayProgress from './PayProgress.tsx';

/**
 * Stripe's Payment Element, card only (wallets off), confirmed from the browser with the return URL
 * /payment-success (docs/product.md §2 /payment, §4). Card data goes to Stripe only (PCI SAQ-A).
 */
export default function StripePaymentForm({ clientSecret, publishableKey, onPaid, onFailed, cancelHref }: TPaymentFormProps & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js');
      const instance = await loadStripe(publishableKey);
      if (!instance || cancelled || !mountRef.current) return;
      const dark = document.documentElement.dataset.theme !== 'light';
      const elements = instance.elements({ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } });
      const element = elements.create('payment', { wallets: { applePay: 'never', googlePay: 'never', link: 'never' } });
      element.mount(mountRef.current);
      setStripe({ stripe: instance, elements });
    })().catch(() => setLoadFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientSecret, publishableKey]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe) return;
    setBusy(true);
    const confirm = {
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}${PAYMENT_RETURN_PATH}` },
      redirect: 'if_required' as const,
    };
    // Upgraded during the trial, the secret is a SetupIntent's ('seti_…'): the card is saved now and charged when the trial ends.
    const { error } = clientSecret.startsWith('seti_') ? await stripe.stripe.confirmSetup(confirm) : await stripe.stripe.confirmPayment(confirm);
    if (error) {
      setBusy(false);
      onFailed(error.message ?? 'Your payment could not be completed. Please try again.');
      return;
    }
    await onPaid();
  };

  return (
    <form onSubmit={onSubmit} aria-busy={busy} className="pay-form">
      <div ref={mountRef} className="stripe-element" />
      {!stripe && !loadFailed && <PayProgress>Loading the secure payment form…</PayProgress>}
      {loadFailed && (
        <p className="pay-error" role="alert">
          The payment form could not load. Check your connection and refresh the page.
        </p>
      )}
      <div className="pay-buttons">
        <a className="btn" href={cancelHref}>
          Cancel
        </a>
        <button type="submit" className="btn btn-primary" disabled={busy || !stripe}>
          {busy ? 'Processing...' : 'Complete Upgrade'}
        </button>
      </div>
      {busy && <PayProgress>Confirming your payment…</PayProgress>}
    </form>
  );
}
