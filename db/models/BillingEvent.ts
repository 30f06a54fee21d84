import { BaseModel } from './BaseModel.ts';

/** A billing provider event already handled: recorded once, so a replay does nothing. */
export class BillingEvent extends BaseModel {
  static override tableName = 'billing_events';

  declare id: string;
  declare type: string;
  declare customerId: string | null;
  declare receivedAt: Date;
}
