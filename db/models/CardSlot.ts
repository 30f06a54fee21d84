import type { QueryBuilder } from 'objection';
import { BaseModel } from './BaseModel.ts';

/** A filled slot of a user's gallery (spec §3 Card slot). Empty slots have no row. */
export class CardSlot extends BaseModel {
  static override tableName = 'card_slots';

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
  declare createdAt: Date;
  declare updatedAt: Date;

  static override modifiers = {
    /** The slots of one user, in slot order. */
    ofUser(query: QueryBuilder<CardSlot>, userId: number) {
      void query.where('userId', userId).orderBy('slotNumber');
    },
  };
}
