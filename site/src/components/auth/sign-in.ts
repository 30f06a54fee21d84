/** SignInForm.astro's behaviour (docs/product.md §2 /auth, §5, §7, §8, §9). */
import { ApiError, callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { fieldValue, formBusy, formReady, wirePasswordToggles } from '../../lib/plain-form.ts';
import { toast } from '../../stores/toast.ts';

/** docs/product.md §9: after 'No User Found' the visitor is sent home after 3 s. */
const UNKNOWN_USER_REDIRECT_MS = 3000;

const form = document.querySelector<HTMLFormElement>('[data-sign-in]')!;
wirePasswordToggles(form);
formReady(form);
form.querySelector<HTMLInputElement>('input[name="email"]')?.focus();

// docs/product.md §7: the sign-in page reads the current user too; a signed-in visitor goes to the gallery.
callApi(API.currentUser)
  .then((user) => {
    if (user) window.location.replace('/gallery');
  })
  .catch(() => undefined);

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const email = fieldValue(form, 'email').trim();
  const password = form.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')?.value ?? '';
  if (!email || !password) {
    toast({ title: 'Missing fields', description: 'Please enter both email and password', variant: 'error' });
    return;
  }
  const done = formBusy(form, 'Signing In...');
  try {
    await callApi(API.login, { body: { email, password } });
    window.location.assign('/gallery');
  } catch (err) {
    const message = err instanceof ApiError ? err.serverMessage : undefined;
    if (message?.includes('User not found')) {
      toast({ title: 'No User Found', description: 'Please return to the home screen to start your collection', variant: 'error' });
      window.setTimeout(() => window.location.assign('/'), UNKNOWN_USER_REDIRECT_MS);
      return;
    }
    done();
    toast({ title: 'Login failed', description: message ?? 'Invalid email or password', variant: 'error' });
  }
});
