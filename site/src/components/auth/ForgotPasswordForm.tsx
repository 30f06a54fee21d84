import { useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { toast } from '../../stores/toast.ts';
import { withErrorBoundary } from '../shell/ErrorBoundary.tsx';
import FormCard from '../ui/FormCard.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import TextField from '../ui/TextField.tsx';
import { MailIcon } from '../ui/icons.tsx';

/** The /forgot-password flow (spec §2, §4): form, then a 'Check your email' confirmation. */
function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) {
      toast({ title: 'Email required', description: 'Please enter your email address', variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await apiRequest<{ message: string }>('POST', '/api/forgot-password', { email: address });
      setSentTo(address);
    } catch (err) {
      const description = err instanceof ApiError ? err.serverMessage : 'Network error. Please try again.';
      toast(description
        ? { title: 'Failed to send reset email', description, variant: 'error' }
        : { title: 'Failed to send reset email', variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (sentTo) {
    return (
      <FormCard
        icon={<MailIcon />}
        title="Check your email"
        lead={<>If an account exists for <strong className="text-strong">{sentTo}</strong>, we've sent a link to reset your password.</>}
        footer={<a href="/auth">Back to Sign In</a>}
      >
        <ul className="note-list">
          <li>The link expires in 1 hour.</li>
          <li>Don't see it? Check your spam or junk folder.</li>
        </ul>
        <button type="button" className="btn btn-block" onClick={() => setSentTo(null)}>
          Use a different email
        </button>
      </FormCard>
    );
  }

  return (
    <FormCard
      eyebrow="Password Help"
      title="Forgot your password?"
      lead="Enter the email you signed up with and we'll send you a reset link."
      footer={<span>Remembered it? <a href="/auth">Back to Sign In</a></span>}
    >
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email"
          required value={email} onValueChange={setEmail} disabled={busy} autoFocus />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || !hydrated}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
    </FormCard>
  );
}

/** The island root, wrapped in the crash screen. */
export default withErrorBoundary(ForgotPasswordForm);
