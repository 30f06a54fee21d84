import { useEffect, useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { flashToast, toast, type TToastInput } from '../../stores/toast.ts';
import { setUser } from '../../stores/user.ts';
import { clearAnonymousCollection, readAnonymousCollection } from '../../stores/anonymous-collection.ts';
import { toGalleryCards } from '../../../../core/transfer.ts';

import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import FormCard from '../ui/FormCard.tsx';
import TextField from '../ui/TextField.tsx';
import NameFields from '../ui/NameFields.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from '../auth/password-rules.ts';
import NewPasswordField from '../auth/NewPasswordField.tsx';
import PayProgress from './PayProgress.tsx';

/** docs/product.md §9: the wait before /gallery once the account is set up. */
export const SETUP_REDIRECT_MS = 1500;

/** Moves the browser's cards (complete-setup form: null for a missing value, docs/product.md §3); the welcome to show. */
async function transferCards(): Promise<TToastInput> {
  const cards = readAnonymousCollection();
  if (cards.length === 0) return { title: 'Welcome to Ratio PRO!', description: 'Your account has been created successfully!', variant: 'success' };
  try {
    const result = await callApi(API.transferCollection, { body: { collectionData: toGalleryCards(cards, null) } });
    clearAnonymousCollection();
    const n = result.transferred;
    return {
      title: 'Welcome to Ratio PRO!',
      description: `Your ${n === 1 ? '1 card has' : `${n} cards have`} been transferred to your gallery.`,
      variant: 'success',
    };
  } catch {
    return {
      title: 'Account Setup Complete',
      description: 'Your account has been created! Please add your cards to your new PRO gallery.',
      variant: 'success',
    };
  }
}

/**
 * /complete-setup (docs/product.md §2, §4, §5, §8): after a visitor paid on the hosted checkout, they choose a
 * password for the account (email read-only, from the checkout), the cards move in, and after
 * 1.5 s they go to /gallery, even when the transfer failed.
 */
function CompleteSetupForm() {
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  // A checkout that gave no name (test mode's, or a payer's single word): ask for it here.
  const [askName, setAskName] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('session_id');
    if (!id) {
      window.location.replace('/');
      return;
    }
    setSessionId(id);
    callApi(API.checkoutSession, { params: { sessionId: id } })
      .then((answer) => {
        setEmail(answer.email);
        setAskName(!answer.nameKnown);
      })
      .catch((err: unknown) => console.error('checkout session', err));
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!sessionId) return;
    if (askName && (!firstName.trim() || !lastName.trim())) {
      toast({ title: 'Setup Failed', description: 'Enter your first and last name.', variant: 'error' });
      return;
    }
    const problem = newPasswordProblem(password, confirm, 'Passwords do not match');
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      const name = askName ? { firstName: firstName.trim(), lastName: lastName.trim() } : {};
      const user = await callApi(API.completeAccountSetup, { body: { sessionId, password, ...name } });
      setUser(user);
    } catch (err) {
      setBusy(false);
      toast({ title: 'Setup Failed', description: errorMessage(err, 'Failed to complete account setup'), variant: 'error' });
      return;
    }
    const welcome = await transferCards();
    setDone(true);
    toast(welcome);
    window.setTimeout(() => {
      flashToast(welcome);
      window.location.assign('/gallery');
    }, SETUP_REDIRECT_MS);
  };

  return (
    <FormCard
      eyebrow="Payment received"
      title="Complete Your Account"
      lead={askName ? 'Tell us your name and choose a password to finish your Ratio PRO account.' : 'Choose a password to finish your Ratio PRO account.'}
    >
      <form onSubmit={onSubmit} aria-busy={busy}>
        <TextField label="Email" type="email" name="email" autoComplete="username" readOnly value={email} hint="The email you paid with." />
        {askName && <NameFields firstName={firstName} lastName={lastName} onFirstName={setFirstName} onLastName={setLastName} disabled={busy} />}
        <NewPasswordField label="Password" value={password} onValueChange={setPassword} disabled={busy} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} />
        <NewPasswordField label="Confirm Password" value={confirm} onValueChange={setConfirm} disabled={busy} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated || !sessionId}>
          {busy ? 'Setting up...' : 'Complete Setup'}
        </button>
        {done && <PayProgress>Opening your gallery…</PayProgress>}
      </form>
    </FormCard>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(CompleteSetupForm);
