import type { BrowserContext, Page } from 'playwright-core';

/** Puts `cards` in the browser's anonymous collection (as a visitor's own adds leave it) once, before the first page of `context` loads. */
export async function seedVisitorCollection(context: BrowserContext, cards: object[]): Promise<void> {
  await context.addInitScript((stored) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('ratio-cache-version', '3.2');
    localStorage.setItem('anonymous-collection', stored);
  }, JSON.stringify(cards));
}

/** Fills the signup step on /pricing and presses 'Create Account'. */
export async function fillSignup(page: Page, user: { firstName: string; lastName: string; email: string; password: string }): Promise<void> {
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}
