import { BaseModel } from './BaseModel.ts';

/** A customer of local billing (test mode), with the test card on file. */
export class LocalBillingCustomer extends BaseModel {
  static override tableName = 'local_billing_customers';

  declare id: string;
  declare email: string;
  declare cardLast4: string | null;
  declare cardExpiry: string | null;
  /** What the card on file does at renewal: a core/billing.ts test card outcome. */
  declare cardOutcome: string | null;
  declare createdAt: Date;
}
