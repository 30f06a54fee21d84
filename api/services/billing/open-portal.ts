import type { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import type { BillingProvider } from './provider.ts';

/** The billing portal of the account's customer (docs/product.md §7); 409 when the account never had billing. */
export async function openPortal(opts: { billing: BillingProvider; user: User; returnUrl: string }): Promise<string> {
  const customerId = opts.user.billingCustomerId;
  if (!customerId || !opts.billing.ownsCustomer(customerId)) {
    throw conflict('You have no billing history yet: subscribe to PRO first.', 'no_billing_account');
  }
  return opts.billing.createPortalSession({ customerId, returnUrl: opts.returnUrl });
}
