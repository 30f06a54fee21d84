import { atom } from 'nanostores';

/** One notification. docs/product.md §9: at most one toast shows at a time. */
export interface TToast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'error';
}
export type TToastInput = Omit<TToast, 'id'>;

/** The toast on screen (null when none). Read with useStore; change only through the functions below. */
export const $toast = atom<TToast | null>(null);

const FLASH_KEY = 'ratio-flash-toast';
let nextId = 1;

/** Shows a toast at once, replacing any toast already on screen. */
export function toast(input: TToastInput): void {
  $toast.set({ ...input, id: nextId++ });
}

/** Removes the toast on screen. */
export function dismissToast(): void {
  $toast.set(null);
}

/**
 * Keeps a toast for the next page load (for example 'Welcome back!' shown on /gallery after the
 * signup page navigates there). The Toaster shows it once and forgets it.
 */
export function flashToast(input: TToastInput): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    // Private mode without storage: the toast is simply not carried over.
  }
}

/** Shows a toast left by flashToast on the previous page, if any. Called by the Toaster on mount. */
export function consumeFlashToast(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && 'title' in parsed && typeof parsed.title === 'string') {
      toast(parsed as TToastInput);
    }
  } catch {
    // A corrupt flash entry is dropped.
  }
}
