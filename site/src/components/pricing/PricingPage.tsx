import { useEffect, useState, type ComponentType } from 'react';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import { initialStep, type TPricingStep, type TStepProps } from './steps.ts';
import SignupStep from './SignupStep.tsx';

/**
 * The view of each step. Only signup exists so far; the trial and payment steps plug in here
 * (TrialStep, PaymentStep) and a missing step falls back to signup.
 */
const STEP_VIEWS: Partial<Record<TPricingStep, ComponentType<TStepProps>>> = {
  signup: SignupStep,
};

/** The /pricing island root: picks the step from the query and shows its view. */
function PricingPage() {
  const [step, setStep] = useState<TPricingStep>('signup');

  useEffect(() => {
    setStep(initialStep(window.location.search));
  }, []);

  const View = STEP_VIEWS[step] ?? SignupStep;
  return <View goTo={setStep} />;
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(PricingPage);
