/** The layouts the export writes and their names (plain constants: the site's export menu lists them). */

/** The layouts Ratio writes, in the menu's order. */
export const EXPORT_LAYOUTS = ['ratio', 'psa-collection', 'collectr', 'card-ladder', 'collx'] as const;
export type TExportLayout = (typeof EXPORT_LAYOUTS)[number];

/** Each layout's name in the export menu. */
export const EXPORT_LAYOUT_NAMES: Readonly<Record<TExportLayout, string>> = {
  ratio: 'Ratio (every field)',
  'psa-collection': 'PSA My Collection',
  collectr: 'Collectr',
  'card-ladder': 'Card Ladder',
  collx: 'CollX',
};
