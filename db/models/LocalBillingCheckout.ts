import { BaseModel } from './BaseModel.ts';

/** A hosted checkout of local billing (test mode) for a visitor with no account. */
export class LocalBillingCheckout extends BaseModel {
  static override tableName = 'local_billing_checkouts';

  declare id: string;
  declare status: 'open' | 'complete' | 'expired';
  declare customerId: string | null;
  declare subscriptionId: string | null;
  declare successUrl: string;
  declare createdAt: Date;
  declare expiresAt: Date;
}
