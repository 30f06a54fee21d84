/** ResetPasswordForm.astro's behaviour (docs/product.md §2 /reset-password, §4, §5, §8). */
import { ApiError, callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { formBusy, formReady, showView, wirePasswordToggles } from '../../lib/plain-form.ts';
import { toast } from '../../stores/toast.ts';
import { MIN_PASSWORD_LENGTH } from './password-rules.ts';

const form = document.querySelector<HTMLFormElement>('[data-reset-password]')!;
const root = form.closest('main') ?? document;
const token = new URLSearchParams(window.location.search).get('token') || null;
const [password, confirm] = [...form.querySelectorAll<HTMLInputElement>('input')];
wirePasswordToggles(form);
formReady(form);
showView(root, token ? 'form' : 'missing');

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const chosen = password?.value ?? '';
  const again = confirm?.value ?? '';
  if (!chosen || !again) {
    toast({ title: 'All fields required', description: 'Please fill in all fields', variant: 'error' });
    return;
  }
  if (chosen !== again) {
    toast({ title: "Passwords don't match", description: 'Please make sure both passwords are the same', variant: 'error' });
    return;
  }
  if (chosen.length < MIN_PASSWORD_LENGTH) {
    toast({ title: 'Password too short', description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, variant: 'error' });
    return;
  }
  if (!token) return;
  const done = formBusy(form, 'Resetting...');
  try {
    await callApi(API.resetPassword, { body: { token, password: chosen } });
    showView(root, 'done');
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_token') {
      toast({ title: 'Invalid reset link', description: 'This reset link is invalid or expired', variant: 'error' });
    } else {
      const description = err instanceof ApiError ? err.serverMessage : 'Network error. Please try again.';
      toast({ title: 'Failed to reset password', description, variant: 'error' });
    }
  } finally {
    done();
  }
});
