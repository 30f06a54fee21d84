import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import { loadUser, login } from '../../stores/user.ts';
import { toast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import FormCard from '../ui/FormCard.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import TextField from '../ui/TextField.tsx';
import PasswordField from '../ui/PasswordField.tsx';

/** Spec §9: after 'No User Found' the visitor is sent home after 3 s. */
export const UNKNOWN_USER_REDIRECT_MS = 3000;

/** The /auth sign-in form (spec §2 /auth, §5, §8). Success goes to /gallery. */
function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  // Spec §7: the sign-in page reads the current user too; a signed-in visitor goes to the gallery.
  useEffect(() => {
    loadUser()
      .then((user) => { if (user) window.location.replace('/gallery'); })
      .catch(() => undefined);
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      toast({ title: 'Missing fields', description: 'Please enter both email and password', variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await login({ email: email.trim(), password });
      window.location.assign('/gallery');
    } catch (err) {
      const message = err instanceof ApiError ? err.serverMessage : undefined;
      if (message?.includes('User not found')) {
        toast({ title: 'No User Found', description: 'Please return to the home screen to start your collection', variant: 'error' });
        window.setTimeout(() => window.location.assign('/'), UNKNOWN_USER_REDIRECT_MS);
        return;
      }
      setBusy(false);
      toast({ title: 'Login failed', description: message ?? 'Invalid email or password', variant: 'error' });
    }
  };

  return (
    <FormCard
      eyebrow="Members' Entrance"
      title="Welcome back"
      lead="Sign in to your gallery."
      footer={
        <>
          <span>New to Ratio? <a href="/">Start Your Collection</a></span>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email"
          required value={email} onValueChange={setEmail} disabled={busy} autoFocus />
        <PasswordField label="Password" autoComplete="current-password" required
          value={password} onValueChange={setPassword} disabled={busy} />
        <div className="form-row-end">
          <a className="link-quiet" href="/forgot-password">Forgot your password?</a>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          {busy ? 'Signing In...' : 'Sign In'}
        </button>
      </form>
    </FormCard>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(SignInForm);
