import { useEffect, useState, type ComponentType } from 'react';
import { useStore } from '@nanostores/react';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import Spinner from '../ui/Spinner.tsx';
import { $user, loadUser } from '../../stores/user.ts';
import { paymentPath } from '../../stores/billing.ts';
import { initialStep, readPricingQuery, type TPricingQuery, type TPricingStep, type TStepProps } from './steps.ts';
import SignupStep from './SignupStep.tsx';
import TrialStep from './TrialStep.tsx';
import PaymentStep from './PaymentStep.tsx';

const STEP_VIEWS: Record<TPricingStep, ComponentType<TStepProps>> = {
  signup: SignupStep,
  trial: TrialStep,
  payment: PaymentStep,
};

/**
 * The /pricing island root (docs/product.md §2 /pricing): a trial upgrade with payment details goes straight
 * to /payment; otherwise the step comes from the query and the user (signed-in users never see
 * the signup form), and trial and payment toggle.
 */
function PricingPage() {
  const user = useStore($user);
  const [query, setQuery] = useState<TPricingQuery | null>(null);
  const [step, setStep] = useState<TPricingStep | null>(null);

  useEffect(() => {
    const q = readPricingQuery(window.location.search);
    setQuery(q);
    if (q.payment) {
      window.location.replace(paymentPath(q.payment));
      return;
    }
    if ($user.get() === undefined) void loadUser().catch(() => null);
  }, []);

  // The first step waits for the user (a signed-in user's Upgrade opens trial or payment, never signup).
  useEffect(() => {
    if (query && !query.payment && step === null && user !== undefined) setStep(initialStep(query, user));
  }, [query, user, step]);

  // The static header offers SIGN IN; a signed-in user is offered the way back to the gallery.
  useEffect(() => {
    const link = document.querySelector<HTMLAnchorElement>('[data-pricing-nav]');
    if (!link || !user) return;
    link.href = '/gallery';
    link.textContent = 'GALLERY';
  }, [user]);

  if (query?.payment) return <Spinner label="Redirecting to payment..." visibleLabel />;
  if (!query || step === null) {
    // Before hydration and while the user loads, the default step stands (the prerendered page).
    return query ? <Spinner label="Loading…" /> : <SignupStep goTo={() => undefined} user={undefined} trialUpgrade={false} />;
  }
  const View = STEP_VIEWS[step];
  const goTo = (next: TPricingStep) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  return <View goTo={goTo} user={user ?? null} trialUpgrade={query.trialUpgrade} />;
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(PricingPage);
