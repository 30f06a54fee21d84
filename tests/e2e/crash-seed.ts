import type { Page } from 'playwright-core';

/** Makes `GET /api/cards` (the first page and the whole wall) answer a card the gallery cannot draw (a title that is not text): the island throws. */
export async function breakCardsAnswer(page: Page): Promise<void> {
  const card = { slotNumber: 1, imageUrl: '/missing.jpg', title: { unexpected: true }, description: '', value: null, allTimeHigh: null, isEmpty: false };
  await page.route(/\/api\/cards(\?.*)?$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([card]) }));
}
