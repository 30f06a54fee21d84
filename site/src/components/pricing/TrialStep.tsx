import { useState } from 'react';
import { callApi, errorMessage } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { TRIAL_INTENT_KEY } from '../../lib/session-flags.ts';
import { toast } from '../../stores/toast.ts';
import { PRO_PRICE_LABEL } from '../../../../core/billing.ts';

import { afterSignup, anonymousCardsToSend } from './after-signup.ts';
import PricingAside from './PricingAside.tsx';
import { TRIAL_INCLUSIONS, type TStepProps } from './steps.ts';

/** Starts the trial (POST /api/start-free-trial with the browser's cards), then /gallery (docs/product.md §2, §4). */
async function startTrial(): Promise<boolean> {
  try {
    const answer = await callApi(API.startFreeTrial, { body: { collectionData: anonymousCardsToSend() } });
    await afterSignup(answer);
    return true;
  } catch (err) {
    toast({ title: 'Trial setup failed', description: errorMessage(err, 'Please try again'), variant: 'error' });
    return false;
  }
}

/** A visitor asks for the trial: the account comes first, and the trial starts with it. */
function signUpForTrial(goTo: TStepProps['goTo']): void {
  try {
    sessionStorage.setItem(TRIAL_INTENT_KEY, 'true');
  } catch {
    // Without storage the account is made without the trial; the trial step follows.
  }
  goTo('signup');
}

/**
 * The trial step of /pricing (docs/product.md §2): 'Try PRO Free for 7 Days', 'SKIP TRIAL, SUBSCRIBE NOW',
 * the inclusions and 'Then $10/month'; as a trial upgrade, 'Continue your PRO experience.' with
 * the 'Trial Upgrade' badge. A trial already used cannot start again: only subscribing is offered.
 */
export default function TrialStep({ goTo, user, trialUpgrade }: TStepProps) {
  const [busy, setBusy] = useState(false);
  const canTry = !user?.trialUsed;
  const upgrade = trialUpgrade || Boolean(user?.isTrialActive);

  const onTry = async () => {
    if (!user) return signUpForTrial(goTo);
    setBusy(true);
    if (!(await startTrial())) setBusy(false);
  };

  let status: string | null = null;
  if (user?.isTrialActive) status = `Your trial is running: ${user.trialDaysLeft === 1 ? '1 day' : `${user.trialDaysLeft ?? 0} days`} left.`;
  else if (user?.trialUsed) status = 'Your free trial has ended. Subscribe to keep every PRO feature.';

  return (
    <div className="pricing-grid" data-step="trial">
      <div className="card form-card">
        {upgrade ? <span className="badge badge-accent">Trial Upgrade</span> : <p className="eyebrow">7-day free trial</p>}
        <h1 className="form-card-title">{upgrade ? 'Continue your PRO experience.' : 'Your wall, with every PRO feature'}</h1>
        <p className="muted form-card-lead">{status ?? 'Start now, no card needed. Decide on PRO after seven days.'}</p>
        <ul className="note-list">
          {TRIAL_INCLUSIONS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="pricing-then">
          Then <strong>{PRO_PRICE_LABEL}</strong>. Cancel anytime.
        </p>
        <div className="pricing-actions">
          {canTry && (
            <button type="button" className="btn btn-primary btn-block" onClick={onTry} disabled={busy} aria-busy={busy}>
              {busy ? 'Starting Trial...' : 'Try PRO Free for 7 Days'}
            </button>
          )}
          <button type="button" className={`btn btn-block ${canTry ? 'btn-ghost' : 'btn-primary'}`} onClick={() => goTo('payment')} disabled={busy}>
            SKIP TRIAL, SUBSCRIBE NOW
          </button>
        </div>
        <div className="form-card-footer">{user ? <a href="/gallery">Back to Gallery</a> : <a href="/collection">Back to Collection</a>}</div>
      </div>
      <PricingAside />
    </div>
  );
}
