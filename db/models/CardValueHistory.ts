import { BaseModel } from './BaseModel.ts';

/** One recorded value of a card, with its time (docs/choices.md 5). */
export class CardValueHistory extends BaseModel {
  static override tableName = 'card_value_history';

  declare id: number;
  declare cardId: number;
  declare valueCents: number;
  declare recordedAt: Date;
  /** own: the value typed; market: a market price (docs/choices.md 45). */
  declare kind: 'own' | 'market';
}
