import { useState } from 'react';
import { FREE_SLOTS } from '../../../../core/limits.ts';
import type { TTrialTone } from '../../../../core/account.ts';
import { freeBanner } from '../../../../core/gallery.ts';
import { goToPricing, startTrial } from '../../stores/gallery.ts';
import type { TGalleryAccess } from '../../stores/gallery-layout.ts';
import type { TUser } from '../../stores/user.ts';
import { SparkIcon } from '../ui/icons.tsx';

/** FREE TIER / ALMOST FULL, 'n/10 slots used', Try PRO or Upgrade, and the 990-slot message (docs/product.md §2). */
function FreeBanner({ access, cardCount }: { access: TGalleryAccess; cardCount: number }) {
  const [starting, setStarting] = useState(false);
  const banner = freeBanner(access, cardCount);
  if (!banner) return null;
  const full = banner.label === 'ALMOST FULL';
  const onTry = async () => {
    setStarting(true);
    const ok = await startTrial();
    if (!ok) setStarting(false);
  };
  return (
    <section className={`g-banner ${full ? 'tone-almost' : 'tone-free'}`} aria-label="Your plan" data-testid="free-banner">
      <div className="g-banner-main">
        <span className="g-banner-label">{banner.label}</span>
        <p className="g-banner-text">
          <strong>{banner.used}</strong>
          <span className="g-meter" aria-hidden="true">
            <span style={{ width: `${(Math.min(cardCount, FREE_SLOTS) / FREE_SLOTS) * 100}%` }} />
          </span>
        </p>
        <p className="g-banner-note">Unlock {banner.more} more slots with PRO, plus custom layouts, card swap and portfolio analytics.</p>
      </div>
      {banner.action === 'try' ? (
        <button type="button" className="btn btn-primary" onClick={onTry} disabled={starting}>
          <SparkIcon /> {starting ? 'Starting Trial...' : 'Try PRO'}
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => goToPricing()}>
          <SparkIcon /> Upgrade
        </button>
      )}
    </section>
  );
}

const TRIAL_COPY = {
  green: { title: 'PRO Trial Active', note: 'Every PRO feature is yours: 1,000 slots, layouts, registry, swap and analytics.' },
  yellow: { title: "You're halfway through your PRO trial", note: 'Keep your layouts, swap and up to 1,000 slots for $10/month.' },
  orange: { title: 'Trial ends today', note: 'Upgrade now to keep editing your gallery and every PRO feature.' },
} as const;

/** The trial banner, coloured by days left (docs/product.md §4): 5+ green, 2–4 yellow, under 2 orange. */
function TrialBanner({ daysLeft, tone }: { daysLeft: number; tone: TTrialTone }) {
  const copy = TRIAL_COPY[tone];
  const left = `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  return (
    <section className={`g-banner tone-${tone}`} aria-label="Your PRO trial" data-testid="trial-banner" data-tone={tone}>
      <div className="g-banner-main">
        <span className="g-banner-label">PRO TRIAL</span>
        <p className="g-banner-text">
          <strong>{copy.title}</strong>
          {tone !== 'orange' && <span className="g-banner-days">{left}</span>}
        </p>
        <p className="g-banner-note">{copy.note}</p>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => goToPricing('?trial_upgrade=true')}>
        Upgrade
      </button>
    </section>
  );
}

/** The expired-trial banner (docs/product.md §4): the collection is view-only until the user subscribes. */
function TrialEndedBanner() {
  return (
    <section className="g-banner tone-ended" aria-label="Your PRO trial" data-testid="trial-ended-banner">
      <div className="g-banner-main">
        <span className="g-banner-label">VIEW ONLY</span>
        <p className="g-banner-text">
          <strong>7-Day PRO Trial Ended</strong>
        </p>
        <p className="g-banner-note">Your cards are safe. Upgrade to PRO to add, edit and rearrange them again.</p>
      </div>
      <button type="button" className="btn btn-primary" onClick={() => goToPricing()}>
        <SparkIcon /> Upgrade
      </button>
    </section>
  );
}

/**
 * The account's banner as the API sends it (user.banner): free, trial or trial ended. The
 * subscription banners (grace period, data retention, suspended, legacy) are SubscriptionBanner's.
 */
export default function AccountBanner({ user, access, cardCount }: { user: TUser; access: TGalleryAccess; cardCount: number }) {
  if (user.banner === 'free') return <FreeBanner access={access} cardCount={cardCount} />;
  if (user.banner === 'trial') return <TrialBanner daysLeft={user.trialDaysLeft ?? 0} tone={user.trialTone ?? 'orange'} />;
  if (user.banner === 'trial_expired') return <TrialEndedBanner />;
  return null;
}
