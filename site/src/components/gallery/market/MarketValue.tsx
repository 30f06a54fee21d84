import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { estimateNote, isStale, STALE_AFTER_DAYS, type TCountsValue } from '../../../../../core/prices.ts';
import type { TAlertRequest } from '../../../../../core/contracts/prices.types.ts';
import { formatCents, formatShortDate } from '../../../../../core/format.ts';
import { parseValueCents } from '../../../../../core/values.ts';
import type { TGalleryCard } from '../../../stores/gallery.ts';
import { isMarketView } from '../../../../../core/contracts/market-view.ts';
import { createAlert, fixMatch, loadMarket, refreshMarket, searchProducts, sellCard, setCardCounts } from '../../../stores/market.ts';
import { $user } from '../../../stores/user.ts';
import { errorMessage } from '../../../lib/api.ts';

type TProduct = { id: string; name: string; setName: string };

/**
 * The viewer's market value (docs/choices.md 45) beside the collector's own value: the provider's price at
 * the card's grade (or the nearest grade, said so), its source and as-of date, a stale badge after
 * 7 days, and a price list's figures marked as not market data. An editor refreshes it, chooses
 * which value counts in totals, fixes a wrong match, and (PRO) sets a price alert.
 */
export default function MarketValue({ card, canEdit }: { card: TGalleryCard; canEdit: boolean }) {
  const user = useStore($user);
  const wall = user?.countsValue ?? 'own';
  // The wall's answer carries at most the price: the rest (source, as-of, match, a look-up that found
  // nothing) is asked for once the viewer opens.
  const m = isMarketView(card.market) ? card.market : undefined;
  const brief = isMarketView(card.market) ? undefined : card.market;
  const whole = m !== undefined;
  const [neverLookedUp, setNeverLookedUp] = useState<number | null>(null);
  useEffect(() => {
    if (whole) return;
    let live = true;
    void loadMarket(card.slotNumber).then((found) => {
      if (live && found === null) setNeverLookedUp(card.slotNumber);
    });
    return () => {
      live = false;
    };
  }, [whole, card.slotNumber]);
  const notLookedUp = !card.market && neverLookedUp === card.slotNumber;
  const [busy, setBusy] = useState(false);
  const [fixing, setFixing] = useState(false);
  const [alerting, setAlerting] = useState(false);
  const [selling, setSelling] = useState(false);
  const slot = card.slotNumber;
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const stale = m?.asOf ? isStale(m.asOf, new Date()) : false;
  const note = m ? estimateNote(m.estimatedFrom ?? null) : null;

  return (
    <section className="mv" aria-labelledby={`mv-title-${slot}`} data-testid="market-value">
      <div className="mv-head">
        <h3 id={`mv-title-${slot}`} className="g-section-title">
          {m && !m.isMarketData ? 'List price' : 'Market value'}
        </h3>
        {m && !m.isMarketData && (
          <span className="mv-badge is-list" data-testid="market-not-market">
            Not market data
          </span>
        )}
        {stale && (
          <span className="mv-badge is-stale" title={`Older than ${STALE_AFTER_DAYS} days`} data-testid="market-stale">
            Stale
          </span>
        )}
      </div>
      {notLookedUp && <p className="mv-note">Not looked up yet.</p>}
      {brief && (
        <p className="mv-figure">
          <strong data-testid="market-cents">{formatCents(brief.cents)}</strong>
        </p>
      )}
      {m && (
        <>
          <p className="mv-figure">
            <strong data-testid="market-cents">{m.cents === undefined ? '—' : formatCents(m.cents)}</strong>
            {m.label && (
              <span className="mv-grade">
                {m.label}
                {note && <em data-testid="market-estimated"> · {note}</em>}
              </span>
            )}
          </p>
          {m.source && (
            <p className="mv-note" data-testid="market-source">
              {m.source}
              {m.asOf && <> · as of {formatShortDate(`${m.asOf}T12:00:00Z`)}</>}
            </p>
          )}
          {m.match === 'none' && <p className="mv-note">No product matches this card.</p>}
          {m.productName && (
            <p className="mv-note mv-product">
              Matched: {m.productName}
              {m.match === 'fixed' && ' (fixed)'}
            </p>
          )}
          {m.error && (
            <p className="mv-note mv-error" role="status">
              Last look-up failed: {m.error}. The last known value stays.
            </p>
          )}
        </>
      )}
      {canEdit && (
        <div className="mv-actions">
          <label className="mv-counts">
            <span>Counts in totals</span>
            <select
              value={card.countsValue ?? ''}
              disabled={busy}
              onChange={(e) => void run(() => setCardCounts(slot, (e.target.value || null) as TCountsValue | null))}
              data-testid="market-counts"
            >
              <option value="">Wall's choice ({wall === 'market' ? 'market' : 'own'})</option>
              <option value="own">Own value</option>
              <option value="market">Market value</option>
            </select>
          </label>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => void run(() => refreshMarket(slot))} data-testid="market-refresh">
            {busy ? 'Looking up…' : notLookedUp ? 'Look up price' : 'Refresh price'}
          </button>
          <button type="button" className="btn btn-sm" aria-expanded={fixing} onClick={() => setFixing(!fixing)}>
            Fix match
          </button>
          {user?.hasProFeatures && (
            <button type="button" className="btn btn-sm" aria-expanded={alerting} onClick={() => setAlerting(!alerting)} data-testid="market-alert-open">
              Price alert
            </button>
          )}
          <button type="button" className="btn btn-sm" aria-expanded={selling} onClick={() => setSelling(!selling)}>
            Mark as sold
          </button>
        </div>
      )}
      {fixing && (
        <FixMatch
          slot={slot}
          initial={[card.subject, card.year, card.set, card.cardNumber && `#${card.cardNumber}`].filter(Boolean).join(' ')}
          onDone={() => setFixing(false)}
        />
      )}
      {alerting && <AlertForm slot={slot} onDone={() => setAlerting(false)} />}
      {selling && <SellForm slot={slot} />}
    </section>
  );
}

function FixMatch({ slot, initial, onDone }: { slot: number; initial: string; onDone: () => void }) {
  const [q, setQ] = useState(initial);
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; products: TProduct[] }>({
    kind: 'idle',
  });
  const search = async (e: FormEvent) => {
    e.preventDefault();
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', products: (await searchProducts(slot, q)).products });
    } catch (err) {
      setState({ kind: 'error', message: errorMessage(err, 'The search failed') });
    }
  };
  return (
    <form className="mv-form" onSubmit={(e) => void search(e)} aria-label="Fix the matched product">
      <label className="field">
        <span>Search products</span>
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} minLength={2} maxLength={200} required />
      </label>
      <button type="submit" className="btn btn-sm" disabled={state.kind === 'loading'}>
        {state.kind === 'loading' ? 'Searching…' : 'Search'}
      </button>
      {state.kind === 'error' && <p className="mv-note mv-error">{state.message}</p>}
      {state.kind === 'ready' && state.products.length === 0 && <p className="mv-note">No product found.</p>}
      {state.kind === 'ready' && state.products.length > 0 && (
        <ul className="mv-products">
          {state.products.map((p) => (
            <li key={p.id}>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => void fixMatch(slot, p.id).then((ok) => ok && onDone())}>
                {p.name} <small>{p.setName}</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

function AlertForm({ slot, onDone }: { slot: number; onDone: () => void }) {
  const [kind, setKind] = useState<'above' | 'below' | 'move'>('above');
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState('10');
  const [days, setDays] = useState('7');
  const [digest, setDigest] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let input: TAlertRequest;
    if (kind === 'move') {
      const p = Number(percent);
      if (!(p > 0)) return setProblem('Give a percentage above 0');
      input = { kind, slotNumber: slot, percent: p, days: days === '30' ? 30 : 7, digest };
    } else {
      const cents = parseValueCents(amount);
      if (cents === null) return setProblem('Give an amount, e.g. $1,000');
      input = { kind, slotNumber: slot, thresholdCents: cents, digest };
    }
    setProblem(null);
    if (await createAlert(input)) onDone();
  };
  return (
    <form className="mv-form" onSubmit={(e) => void submit(e)} aria-label="Set a price alert" data-testid="market-alert-form">
      <label className="field">
        <span>Email me when its price</span>
        <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          <option value="above">goes above</option>
          <option value="below">goes below</option>
          <option value="move">moves more than</option>
        </select>
      </label>
      {kind === 'move' ? (
        <div className="mv-row">
          <label className="field">
            <span>Percent</span>
            <input inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
          </label>
          <label className="field">
            <span>In</span>
            <select value={days} onChange={(e) => setDays(e.target.value)}>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
            </select>
          </label>
        </div>
      ) : (
        <label className="field">
          <span>Amount</span>
          <input inputMode="decimal" placeholder="$1,000" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
      )}
      <label className="mv-check">
        <input type="checkbox" checked={digest} onChange={(e) => setDigest(e.target.checked)} /> In a weekly digest
      </label>
      {problem && (
        <p className="mv-note mv-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-sm btn-primary">
        Set alert
      </button>
    </form>
  );
}

function SellForm({ slot }: { slot: number }) {
  const [price, setPrice] = useState('');
  const [fees, setFees] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const soldCents = parseValueCents(price);
    const feesCents = fees.trim() ? parseValueCents(fees) : 0;
    if (soldCents === null) return setProblem('Give the price it sold for, e.g. $1,250');
    if (feesCents === null) return setProblem('Fees must be an amount, e.g. $25');
    setProblem(null);
    setBusy(true);
    await sellCard(slot, { soldCents, feesCents, soldOn: date });
    setBusy(false);
  };
  return (
    <form className="mv-form" onSubmit={(e) => void submit(e)} aria-label="Mark the card as sold">
      <div className="mv-row">
        <label className="field">
          <span>Sold for</span>
          <input inputMode="decimal" placeholder="$1,250" value={price} onChange={(e) => setPrice(e.target.value)} required />
        </label>
        <label className="field">
          <span>Fees</span>
          <input inputMode="decimal" placeholder="$0" value={fees} onChange={(e) => setFees(e.target.value)} />
        </label>
      </div>
      <label className="field">
        <span>Sold on</span>
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
      </label>
      {problem && (
        <p className="mv-note mv-error" role="alert">
          {problem}
        </p>
      )}
      <p className="mv-note">The card leaves the wall; its sale and history stay in your gain and loss.</p>
      <button type="submit" className="btn btn-sm btn-danger" disabled={busy}>
        {busy ? 'Saving…' : 'Sell card'}
      </button>
    </form>
  );
}
