import type { Page } from 'playwright-core';
import { FIRST_PAGE_ELEMENT_ID } from '../../core/first-screen.ts';

/**
 * Makes the gallery's cards a card it cannot draw (a title that is not text), wherever they come
 * from: the first page written into /gallery by the server, and `GET /api/cards` (the first page
 * and the whole wall). The island throws.
 */
export async function breakCardsAnswer(page: Page): Promise<void> {
  const card = { slotNumber: 1, imageUrl: '/missing.jpg', title: { unexpected: true }, description: '', value: null, allTimeHigh: null, isEmpty: false };
  const body = JSON.stringify([card]);
  await page.route(/\/api\/cards(\?.*)?$/, (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
  await page.route(/\/gallery$/, async (route) => {
    const response = await route.fetch();
    const element = new RegExp(`(<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}">).*?(</script>)`, 's');
    await route.fulfill({ response, body: (await response.text()).replace(element, `$1${body}$2`) });
  });
}
