/** What PRO gives, as the landing's tiers and both upgrade dialogs list it (docs/product.md §1). */
export const PRO_FEATURES: readonly string[] = [
  'Up to 1,000 cards',
  'Advanced portfolio analytics',
  'Custom grid layouts and card swap',
  'Collection sharing and priority support',
];

/** The pricing page's list, one feature a line as that page words it (docs/product.md §2 /pricing). */
export const PRICING_FEATURES: readonly string[] = [
  'Up to 1,000 cards',
  'Advanced portfolio analytics',
  'Custom grid layouts',
  'Card swap',
  'Priority support',
];
