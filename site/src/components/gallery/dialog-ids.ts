/** id of the heading that names whichever gallery dialog is open. */
export const DIALOG_TITLE_ID = 'gallery-dialog-title';

/**
 * Puts keyboard focus back on a slot after a dialog changed it (the button that opened the dialog
 * may have been replaced: an empty slot became a card, or a card became an empty slot).
 */
export function focusSlot(slot: number): void {
  window.requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>(`.g-grid [data-slot="${slot}"] button`);
    target?.focus({ preventScroll: false });
  });
}
