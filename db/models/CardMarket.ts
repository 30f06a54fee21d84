import { BaseModel } from './BaseModel.ts';

/**
 * A card's market value details (docs/choices.md 45, api/services/prices/): the matched product, where its
 * last price came from and when, and the last look-up's error. The price itself is card_slots.market_cents
 * (the wall reads it); a card never looked up has no row.
 */
export class CardMarket extends BaseModel {
  static override tableName = 'card_market';
  static override idColumn = 'cardId';

  declare cardId: number;
  declare productId: string | null;
  declare productName: string | null;
  declare match: 'auto' | 'fixed' | 'none' | null;
  declare label: string | null;
  declare estimatedFrom: number | null;
  declare source: string | null;
  declare isMarket: boolean | null;
  declare asOf: string | null;
  declare checkedAt: Date | null;
  declare error: string | null;
}
