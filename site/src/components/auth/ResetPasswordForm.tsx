import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { toast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import FormCard from '../ui/FormCard.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import PasswordField from '../ui/PasswordField.tsx';
import Spinner from '../ui/Spinner.tsx';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';
import { MIN_PASSWORD_LENGTH } from './password-rules.ts';

/** The /reset-password flow (spec §2, §4, §5, §8): reads ?token=, then form, then success. */
function ResetPasswordForm() {
  // The page is static: the token is only known in the browser, after hydration.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);

  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get('token') || null);
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !confirm) {
      toast({ title: 'All fields required', description: 'Please fill in all fields', variant: 'error' });
      return;
    }
    if (password !== confirm) {
      toast({ title: "Passwords don't match", description: 'Please make sure both passwords are the same', variant: 'error' });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({ title: 'Password too short', description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await apiRequest<{ message: string }>('POST', '/api/reset-password', { token, password });
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_token') {
        toast({ title: 'Invalid reset link', description: 'This reset link is invalid or expired', variant: 'error' });
      } else {
        const description = err instanceof ApiError ? err.serverMessage : 'Network error. Please try again.';
        toast({ title: 'Failed to reset password', description, variant: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  if (token === undefined) return <Spinner />;

  if (token === null) {
    return (
      <FormCard icon={<AlertIcon />} iconTone="danger" title="Invalid Reset Link"
        lead="This password reset link is missing its token. Reset links expire after 1 hour and can be used once."
        footer={<a href="/auth">Back to Sign In</a>}>
        <a className="btn btn-primary btn-block" href="/forgot-password">Request New Reset Link</a>
      </FormCard>
    );
  }

  if (done) {
    return (
      <FormCard icon={<CheckIcon />} title="Password Reset Complete"
        lead="Your password has been updated. Sign in with your new password to return to your gallery.">
        <a className="btn btn-primary btn-block" href="/auth">Sign In</a>
      </FormCard>
    );
  }

  return (
    <FormCard eyebrow="Password Help" title="Choose a new password"
      lead={`Use at least ${MIN_PASSWORD_LENGTH} characters.`}
      footer={<span>Link expired? <a href="/forgot-password">Request New Reset Link</a></span>}>
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <PasswordField label="New Password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH}
          value={password} onValueChange={setPassword} disabled={busy} autoFocus />
        <PasswordField label="Confirm Password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH}
          value={confirm} onValueChange={setConfirm} disabled={busy} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
    </FormCard>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(ResetPasswordForm);
