import type { QueryBuilder } from 'objection';
import type { TCardData, TCardGrader, TSubgradeValues } from '../../core/cards/card-data.ts';
import type { TCountsValue } from '../../core/prices.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A filled slot of a user's gallery (docs/product.md §3 Card slot) with the card's own fields (docs/choices.md 39,
 * core/cards/card-data.ts: the row is a TCardData). Empty slots have no row.
 */
export class CardSlot extends BaseModel implements TCardData {
  static override tableName = 'card_slots';
  static override jsonAttributes = ['subgrades'];

  declare id: number;
  declare userId: number;
  declare slotNumber: number;
  declare imageId: string | null;
  declare title: string;
  declare description: string;
  declare value: string | null;
  declare valueCents: number | null;
  declare allTimeHigh: string | null;
  declare allTimeHighCents: number | null;
  declare peakValueCents: number | null;
  declare transferKey: string | null;
  /** The file row (and copy) an import made the card from (core/csv/row-key.ts). */
  declare importKey: string | null;
  /** PSA's population at the card's grade, when it was added by cert with PSA's API (docs/choices.md 42). */
  declare populationAtGrade: number | null;
  declare grader: TCardGrader | null;
  declare grade: number | null;
  declare qualifier: string | null;
  declare subgrades: TSubgradeValues | null;
  declare certNumber: string | null;
  declare year: string | null;
  declare set: string | null;
  declare cardNumber: string | null;
  declare subject: string | null;
  declare variety: string | null;
  declare sport: string | null;
  declare serial: string | null;
  declare autographGrade: number | null;
  declare costCents: number | null;
  declare acquiredOn: string | null;
  declare source: string | null;
  declare notes: string | null;
  /** Last market price at the card's grade (docs/choices.md 45); its details are the card's CardMarket row. */
  declare marketCents: number | null;
  /** Which value counts in totals; null follows the wall's choice (users.counts_value). */
  declare countsValue: TCountsValue | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  static override modifiers = {
    /** The slots of one user, in slot order. */
    ofUser(query: QueryBuilder<CardSlot>, userId: number) {
      void query.where('userId', userId).orderBy('slotNumber');
    },
  };
}
