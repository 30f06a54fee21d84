import type { TUser } from '../../stores/user.ts';
import { statusBadge } from '../../lib/account-status.ts';

/** The account status badge: PRO TRIAL (days left), PRO, LEGACY (10 CARDS) or FREE ACCOUNT. */
export default function StatusBadge({ user }: { user: TUser }) {
  const badge = statusBadge(user);
  return (
    <span className="status">
      <span className={`badge status-badge tone-${badge.tone}`} data-testid="account-status">
        {badge.label}
      </span>
      {badge.detail && <span className="status-detail">{badge.detail}</span>}
    </span>
  );
}
