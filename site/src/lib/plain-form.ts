/**
 * Behaviour for the account forms of pages without React (/auth, /forgot-password,
 * /reset-password). Their markup is the islands' own components (FormCard, TextField,
 * PasswordField) rendered at build; these few functions make it work, so such a page loads a few
 * kilobytes of script instead of React.
 */

/** The form's submit button, rendered disabled (an Enter before the script runs must not send a native GET with the password in the URL): enabled now. */
export function formReady(form: HTMLFormElement): void {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = false;
}

/**
 * Marks a form busy as the islands do (aria-busy, every control disabled, the submit button saying
 * `label`); returns the function that ends it.
 */
export function formBusy(form: HTMLFormElement, label: string): () => void {
  const controls = [...form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')];
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const idle = submit?.textContent ?? '';
  form.setAttribute('aria-busy', 'true');
  controls.forEach((c) => {
    c.disabled = true;
  });
  if (submit) submit.textContent = label;
  return () => {
    form.setAttribute('aria-busy', 'false');
    controls.forEach((c) => {
      c.disabled = false;
    });
    if (submit) submit.textContent = idle;
  };
}

/** The value of the form's field `name`. */
export const fieldValue = (form: HTMLFormElement, name: string): string => (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';

/**
 * The show/hide buttons of PasswordField's markup under `root`: each switches its input between
 * hidden and plain text, with aria-pressed and a label saying what the next press does.
 */
export function wirePasswordToggles(root: ParentNode): void {
  root.querySelectorAll<HTMLButtonElement>('.pw-toggle[aria-controls]').forEach((button) => {
    const input = document.getElementById(button.getAttribute('aria-controls')!) as HTMLInputElement | null;
    const label = document.querySelector(`label[for="${input?.id}"]`)?.textContent?.toLowerCase() ?? 'password';
    button.addEventListener('click', () => {
      if (!input) return;
      const shown = input.type === 'password';
      input.type = shown ? 'text' : 'password';
      button.setAttribute('aria-pressed', String(shown));
      button.setAttribute('aria-label', `${shown ? 'Hide' : 'Show'} ${label}`);
    });
  });
}

/** Shows the one `[data-view]` element under `root` named `view`, hiding the others; focuses its first field. */
export function showView(root: ParentNode, view: string): void {
  root.querySelectorAll<HTMLElement>('[data-view]').forEach((el) => {
    el.hidden = el.dataset.view !== view;
  });
  root.querySelector<HTMLElement>(`[data-view="${view}"] input`)?.focus();
}
