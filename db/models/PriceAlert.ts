import { BaseModel } from './BaseModel.ts';

/** A price alert rule on one card (docs/choices.md 45). */
export class PriceAlert extends BaseModel {
  static override tableName = 'price_alerts';

  declare id: number;
  declare userId: number;
  declare cardId: number;
  declare kind: 'above' | 'below' | 'move';
  declare thresholdCents: number | null;
  declare percent: number | null;
  declare days: 7 | 30 | null;
  declare digest: boolean;
  declare lastSentOn: string | null;
  declare unsubscribeToken: string;
  declare createdAt: Date;
}
