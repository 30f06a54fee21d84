import { BaseModel } from './BaseModel.ts';

/** A subscription of local billing (test mode), in Stripe's vocabulary. */
export class LocalBillingSubscription extends BaseModel {
  static override tableName = 'local_billing_subscriptions';

  declare id: string;
  declare customerId: string;
  declare status: string;
  declare clientSecret: string;
  declare cancelAtPeriodEnd: boolean;
  declare currentPeriodEnd: Date | null;
  declare renewalFailedAt: Date | null;
  declare endedAt: Date | null;
  declare endReason: string | null;
  declare createdAt: Date;
}
