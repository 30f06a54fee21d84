import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { register } from '../../stores/user.ts';
import { toast } from '../../stores/toast.ts';
import TextField from '../ui/TextField.tsx';
import NameFields from '../ui/NameFields.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { MIN_PASSWORD_LENGTH, passwordTooShort } from '../auth/password-rules.ts';
import PricingAside from './PricingAside.tsx';
import { afterSignup, anonymousCardsToSend, hasTrialIntent } from './after-signup.ts';
import type { TStepProps } from './steps.ts';
import NewPasswordField from '../auth/NewPasswordField.tsx';

/** The signup step of /pricing (docs/product.md §2, §5, §8): 'Unlock Your Gallery'. */
export default function SignupStep({ goTo }: TStepProps) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!firstName.trim() || !lastName.trim() || !email.trim() || !password) {
      toast({ title: 'Missing fields', description: 'Please fill in all required fields', variant: 'error' });
      return;
    }
    const tooShort = passwordTooShort(password);
    if (tooShort) {
      toast(tooShort);
      return;
    }
    setBusy(true);
    try {
      // A visitor who pressed 'Start Free Trial' gets account, trial and cards in one call.
      const result = await register({
        email: email.trim(),
        password,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        ...(hasTrialIntent() ? { startTrial: true } : {}),
        collectionData: anonymousCardsToSend(),
      });
      if (result.emailSent) {
        setBusy(false);
        toast({ title: 'Check your email', description: 'Confirm your address to finish creating your account.' });
        return;
      }
      await afterSignup(result);
    } catch (err) {
      setBusy(false);
      toast({ title: 'Signup failed', description: errorMessage(err, 'Please try again'), variant: 'error' });
    }
  };

  return (
    <div className="pricing-grid">
      <div className="card form-card">
        <p className="eyebrow">Create your account</p>
        <h1 className="form-card-title">Unlock Your Gallery</h1>
        <p className="muted form-card-lead">Save your cards to an account and keep building your wall.</p>
        <form onSubmit={onSubmit} noValidate aria-busy={busy}>
          <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} disabled={busy} autoFocus />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onValueChange={setEmail}
            disabled={busy}
          />
          <NewPasswordField
            label="Password"
            value={password}
            onValueChange={setPassword}
            disabled={busy}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </button>
        </form>
        <div className="form-card-footer">
          <a href="/collection">Back to Collection</a>
          <span>
            Already have an account? <a href="/auth">Sign In</a>
          </span>
          <button type="button" className="btn-link" onClick={() => goTo('payment')}>
            Skip the trial? Subscribe now
          </button>
        </div>
      </div>
      <PricingAside />
    </div>
  );
}
