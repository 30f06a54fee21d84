import { useState, type FormEvent } from 'react';
import { callApi, errorMessage } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { toast } from '../../stores/toast.ts';
import PasswordField from '../ui/PasswordField.tsx';
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from '../auth/password-rules.ts';
import Section from './Section.tsx';
import NewPasswordField from '../auth/NewPasswordField.tsx';

/** Security (docs/product.md §2 /account, §5): change password with current, new and confirm. */
export default function SecuritySection({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  const filled = current !== '' && next !== '' && confirm !== '';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!filled) return;
    const problem = newPasswordProblem(next, confirm, 'New passwords do not match');
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      await callApi(API.changePassword, { body: { currentPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      setConfirm('');
      toast({ title: 'Password Updated', description: 'Your password has been changed.', variant: 'success' });
    } catch (err) {
      // The spec's words, the server's reason on a second line (docs/choices.md 47).
      const reason = errorMessage(err, '');
      toast({ title: 'Failed to change password. Please try again.', ...(reason ? { description: reason } : {}), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Security" description="Change the password you sign in with.">
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" hidden readOnly value={email} />
        <PasswordField label="Current Password" autoComplete="current-password" required value={current} onValueChange={setCurrent} disabled={busy} />
        <div className="field-row">
          <NewPasswordField label="New Password" value={next} onValueChange={setNext} disabled={busy} />
          <NewPasswordField label="Confirm New Password" value={confirm} onValueChange={setConfirm} disabled={busy} />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !filled}>
            {busy ? 'Updating...' : 'Update Password'}
          </button>
          <span className="field-hint">At least {MIN_PASSWORD_LENGTH} characters.</span>
        </div>
      </form>
    </Section>
  );
}
