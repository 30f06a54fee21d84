import { BaseModel } from './BaseModel.ts';

/** A card the collector sold (docs/choices.md 45): off the wall, kept for realized gain and its history. */
export class CardSale extends BaseModel {
  static override tableName = 'card_sales';
  static override jsonAttributes = ['card', 'history'];

  declare id: number;
  declare userId: number;
  declare cardId: number;
  declare card: Record<string, unknown> & { title: string };
  declare costCents: number | null;
  declare soldCents: number;
  declare feesCents: number;
  declare soldOn: string;
  declare history: Array<{ at: string; cents: number; kind: 'own' | 'market' }>;
  declare createdAt: Date;
}
