import type { TUser } from '../../stores/user.ts';

/**
 * The subscription status banner of spec §4 (grace_period, data_retention, suspended,
 * grandfathered; none for pro_active and free). PLACEHOLDER for the billing issue: it reads
 * GET /api/subscription/status and renders the banner here. The gallery already mounts it above
 * the account banner, so the billing work only fills this component in.
 */
export default function SubscriptionBanner(_props: { user: TUser }) {
  return null;
}
