import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { formatPercent } from '../../../../core/admin-stats.ts';
import type { TAdminStats } from '../../../../core/contracts/admin.types.ts';
import { $adminStats, loadAdminSeries, loadAdminStats } from '../../stores/admin.ts';
import Spinner from '../ui/Spinner.tsx';
import AdminCharts from './AdminCharts.tsx';
import AdminPrices from './AdminPrices.tsx';
import './admin.css';
import { formatCents, formatCount } from '../../../../core/format.ts';
import { formatShortDate } from '../../../../core/format.ts';

/** docs/product.md §8 Admin: shown to anyone the API refuses. */
function AccessDenied() {
  return (
    <main id="main" className="page-center">
      <div className="card guard-card admin-denied" role="alert">
        <h1>Access Denied</h1>
        <p className="muted">Admin access required to view this dashboard.</p>
        <a className="btn btn-primary" href="/gallery">
          Back to Gallery
        </a>
      </div>
    </main>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="card admin-stat">
      <p className="admin-stat-label">{label}</p>
      <p className="admin-stat-value">{value}</p>
      {detail && <p className="muted admin-stat-detail">{detail}</p>}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The figures as the server computed them (core/admin-stats.ts); nothing is re-derived here. */
function Figures({ stats }: { stats: TAdminStats }) {
  const f = stats.figures;
  const price = formatCents(f.pricePerProCents);
  return (
    <>
      <div className="admin-stats" data-testid="admin-stats">
        {/* Trials count users, so they stand under Total Users (docs/choices.md 47), not under Total Cards. */}
        <Stat
          label="Total Users"
          value={formatCount(stats.totalUsers)}
          detail={`${formatCount(stats.freeUsers)} free / ${formatCount(stats.proUsers)} pro / ${formatCount(stats.trialUsers)} on a trial`}
        />
        <Stat label="Monthly Revenue" value={formatCents(f.monthlyRevenueCents)} detail={`${price} per pro user`} />
        <Stat label="Conversion Rate" value={formatPercent(f.conversionRate)} detail="of users pay for PRO" />
        <Stat
          label="Total Cards"
          value={formatCount(stats.totalCards)}
          detail={`${formatCount(stats.totalUsers > 0 ? Math.round(stats.totalCards / stats.totalUsers) : 0)} per user on average`}
        />
      </div>
      <div className="admin-panels">
        <section className="card" aria-labelledby="admin-revenue">
          <h2 id="admin-revenue" className="admin-panel-title">
            Revenue Breakdown
          </h2>
          <dl className="admin-rows">
            <Row label={`Pro users × ${price}`} value={`${formatCount(stats.proUsers)} × ${price} = ${formatCents(f.monthlyRevenueCents)}`} />
            <Row label="MRR" value={formatCents(f.mrrCents)} />
            <Row label="Average revenue per user" value={formatCents(f.arpuCents)} />
          </dl>
        </section>
        <section className="card" aria-labelledby="admin-engagement">
          <h2 id="admin-engagement" className="admin-panel-title">
            User Engagement
          </h2>
          <dl className="admin-rows">
            <Row label="Average cards per user" value={f.averageCardsPerUser.toFixed(1)} />
            <Row label="Free tier utilization" value={formatPercent(f.freeTierUtilization)} />
            <Row label="Pro tier adoption" value={formatPercent(f.proTierAdoption)} />
          </dl>
        </section>
      </div>
    </>
  );
}

/** docs/product.md §2 Admin dashboard: 'ADMIN', 'Platform Analytics', the figures, and the charts. */
export default function AdminDashboard() {
  const stats = useStore($adminStats);
  useEffect(() => {
    void loadAdminStats();
    void loadAdminSeries();
  }, []);

  if (stats.state === 'loading') return <Spinner label="Loading the dashboard…" />;
  if (stats.state === 'denied') return <AccessDenied />;
  if (stats.state === 'failed') {
    return (
      <main id="main" className="page-center">
        <div className="card guard-card" role="alert">
          <h1>Could not load the dashboard</h1>
          <button type="button" className="btn btn-primary" onClick={() => void loadAdminStats()}>
            Try Again
          </button>
        </div>
      </main>
    );
  }
  return (
    <main className="container admin-page" id="main">
      <header className="admin-head">
        <p className="badge badge-accent">ADMIN</p>
        <h1 className="admin-title">Platform Analytics</h1>
        <p className="muted" data-testid="stats-as-of">
          As of {formatShortDate(stats.data.timestamp)}, {new Date(stats.data.timestamp).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
        </p>
      </header>
      <Figures stats={stats.data} />
      <AdminCharts />
      <AdminPrices />
    </main>
  );
}
