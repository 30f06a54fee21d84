import type { TUser } from '../../stores/user.ts';

/**
 * SUBSCRIPTION SECTION — placeholder for the billing work (spec §2 /account, §4 banners).
 *
 * The billing work fills this in: subscription status from GET /api/subscription/status, cancel
 * ('Subscription Cancelled'), reactivate ('Subscription Reactivated') and the billing portal, with
 * the failure toasts of spec §8. It stays hidden for grandfathered (legacy) users.
 * Until then it renders nothing.
 */
export default function SubscriptionSection({ user }: { user: TUser }) {
  // Spec §2 /account: hidden for grandfathered users, whatever the billing work adds.
  if (user.isGrandfathered) return null;
  // BILLING: render the subscription status card and its actions here.
  return null;
}
