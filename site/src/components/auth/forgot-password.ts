/** ForgotPasswordForm.astro's behaviour (docs/product.md §2 /forgot-password, §4, §8). */
import { ApiError, callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { fieldValue, formBusy, formReady, showView } from '../../lib/plain-form.ts';
import { toast } from '../../stores/toast.ts';

const form = document.querySelector<HTMLFormElement>('[data-forgot-password]')!;
const root = form.closest('main') ?? document;
formReady(form);
form.querySelector<HTMLInputElement>('input[name="email"]')?.focus();

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const address = fieldValue(form, 'email').trim();
  if (!address) {
    toast({ title: 'Email required', description: 'Please enter your email address', variant: 'error' });
    return;
  }
  const done = formBusy(form, 'Sending...');
  try {
    await callApi(API.forgotPassword, { body: { email: address } });
    done();
    root.querySelector('[data-sent-to]')!.textContent = address;
    showView(root, 'sent');
  } catch (err) {
    done();
    const description = err instanceof ApiError ? err.serverMessage : 'Network error. Please try again.';
    toast(description ? { title: 'Failed to send reset email', description, variant: 'error' } : { title: 'Failed to send reset email', variant: 'error' });
  }
});

root.querySelector('[data-again]')?.addEventListener('click', () => showView(root, 'form'));
