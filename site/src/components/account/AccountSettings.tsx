import type { TUser } from '../../stores/user.ts';
import ProfileSection from './ProfileSection.tsx';
import SecuritySection from './SecuritySection.tsx';
import SubscriptionSection from './SubscriptionSection.tsx';
import LegacyAccountCard from './LegacyAccountCard.tsx';
import HelpCard from './HelpCard.tsx';
import PriceAlertsSection from './PriceAlertsSection.tsx';

/** The body of /account (docs/product.md §2): profile, security, subscription, price alerts, legacy card, help. */
export default function AccountSettings({ user }: { user: TUser }) {
  return (
    <main id="main" className="container account">
      <header className="account-head">
        <p className="eyebrow">Your account</p>
        <h1>ACCOUNT SETTINGS</h1>
        <p className="muted">Manage your profile, password and plan.</p>
      </header>
      <div className="account-grid">
        <div className="account-col">
          <ProfileSection user={user} />
          <SecuritySection email={user.email} />
          <SubscriptionSection user={user} />
          <PriceAlertsSection hasProFeatures={user.hasProFeatures} />
        </div>
        <aside className="account-col account-side">
          {user.isGrandfathered && <LegacyAccountCard />}
          <HelpCard />
        </aside>
      </div>
    </main>
  );
}
