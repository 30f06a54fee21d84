/**
 * Price alerts by email (docs/choices.md 45, PRO): a card's market value above or below a figure, or moving
 * more than N% in 7 or 30 days. The refresh job sends them through the mailer (SMTP or the
 * outbox): at most one mail per rule per day, or one weekly digest of the digest rules; every mail
 * has a one-click unsubscribe link per rule.
 */
import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import { DAY_MS } from '../../../core/limits.ts';
import { formatCents } from '../../../core/format.ts';
import type { TAlertInput, TAlertView } from '../../../core/contracts/prices.types.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';
import { PriceAlert } from '../../../db/models/PriceAlert.ts';
import { User } from '../../../db/models/User.ts';
import { notFound, upgradeRequired } from '../../errors.ts';
import { newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

function present(a: PriceAlert, card: Pick<CardSlot, 'slotNumber' | 'title'>): TAlertView {
  return {
    id: Number(a.id),
    slotNumber: card.slotNumber,
    title: card.title,
    kind: a.kind,
    thresholdCents: a.thresholdCents === null ? null : Number(a.thresholdCents),
    percent: a.percent,
    days: a.days,
    digest: a.digest,
    lastSentOn: a.lastSentOn,
  };
}

/** Sets an alert on the card in a slot (PRO only; 404 for an empty slot). */
export async function createAlert(opts: { db: Knex; user: User; now: Date; input: TAlertInput }): Promise<TAlertView> {
  if (!accountState(opts.user, opts.now).hasProFeatures) throw upgradeRequired('Price alerts are a PRO feature');
  const card = await CardSlot.query(opts.db).where({ userId: opts.user.id, slotNumber: opts.input.slotNumber }).first();
  if (!card) throw notFound(`Slot ${opts.input.slotNumber} is empty`, 'slot_empty');
  const { input } = opts;
  const alert = await PriceAlert.query(opts.db).insertAndFetch({
    userId: opts.user.id,
    cardId: card.id,
    kind: input.kind,
    digest: input.digest,
    unsubscribeToken: newToken(),
    thresholdCents: input.kind === 'move' ? null : input.thresholdCents,
    percent: input.kind === 'move' ? input.percent : null,
    days: input.kind === 'move' ? input.days : null,
  });
  return present(alert, card);
}

/** The user's alerts, by slot. */
export async function listAlerts(opts: { db: Knex; user: Pick<User, 'id'> }): Promise<TAlertView[]> {
  const rows = await PriceAlert.query(opts.db)
    .join('card_slots', 'card_slots.id', 'price_alerts.cardId')
    .where('price_alerts.userId', opts.user.id)
    .select('price_alerts.*', 'card_slots.slotNumber', 'card_slots.title')
    .orderBy([{ column: 'card_slots.slotNumber' }, { column: 'price_alerts.id' }]);
  return rows.map((r) => present(r, r as unknown as Pick<CardSlot, 'slotNumber' | 'title'>));
}

/** Deletes one of the user's alerts; 404 when it is not theirs. */
export async function deleteAlert(opts: { db: Knex; user: Pick<User, 'id'>; id: number }): Promise<void> {
  const gone = await PriceAlert.query(opts.db).delete().where({ id: opts.id, userId: opts.user.id }).returning('id');
  if (gone.length === 0) throw notFound('No such alert', 'alert_not_found');
}

/** The one-click unsubscribe: deletes the rule the link names. True when there was one. */
export async function unsubscribeAlert(db: Knex, token: string): Promise<boolean> {
  return (await PriceAlert.query(db).delete().where('unsubscribeToken', token).returning('id')).length > 0;
}

/** How much the market value moved over the last `days`, in percent; null without a price that old. */
async function movePercent(db: Knex, cardId: number, current: number, days: number, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const before =
    (await CardValueHistory.query(db).where({ cardId, kind: 'market' }).where('recordedAt', '<=', since).orderBy('recordedAt', 'desc').first())
    ?? (await CardValueHistory.query(db).where({ cardId, kind: 'market' }).where('recordedAt', '>', since).orderBy('recordedAt').first());
  const old = before ? Number(before.valueCents) : null;
  if (!old) return null;
  return ((current - old) / old) * 100;
}

/** What a firing rule says, in one line. */
function describe(a: PriceAlert, title: string, cents: number, moved: number | null, isMarket: boolean): string {
  const value = `${isMarket ? 'market value' : 'list price'} ${formatCents(cents)}`;
  if (a.kind === 'above') return `${title}: ${value} is above ${formatCents(Number(a.thresholdCents))}`;
  if (a.kind === 'below') return `${title}: ${value} is below ${formatCents(Number(a.thresholdCents))}`;
  return `${title}: ${value} moved ${moved! > 0 ? '+' : ''}${Math.round(moved! * 10) / 10}% in ${a.days} days`;
}

export interface TAlertRun {
  /** Mails sent (one per rule, or one digest per collector). */
  sent: number;
  fired: number;
}

/**
 * Checks every rule against its card's market value and mails the ones that fire: a rule mails at
 * most once a day; digest rules go out together at most once a week. Run by the refresh job.
 */
export async function sendPriceAlerts(opts: { db: Knex; mailer: Mailer; now: Date; publicUrl: string }): Promise<TAlertRun> {
  const today = day(opts.now);
  const weekAgo = day(new Date(opts.now.getTime() - 7 * DAY_MS));
  const rows = await PriceAlert.query(opts.db)
    .join('card_slots', 'card_slots.id', 'price_alerts.cardId')
    .leftJoin('card_market', 'card_market.cardId', 'price_alerts.cardId')
    .whereNotNull('card_slots.marketCents')
    .select('price_alerts.*', 'card_slots.title', 'card_slots.marketCents', 'card_market.source as marketSource', 'card_market.isMarket as marketIsMarket');
  const run: TAlertRun = { sent: 0, fired: 0 };
  const digests = new Map<number, Array<{ alert: PriceAlert; line: string }>>();
  const unsubscribe = (a: PriceAlert) => `${opts.publicUrl}/api/price-alerts/unsubscribe?token=${a.unsubscribeToken}`;
  for (const row of rows) {
    const r = row as PriceAlert & { title: string; marketCents: number; marketSource: string | null; marketIsMarket: boolean | null };
    const cents = Number(r.marketCents);
    const moved = r.kind === 'move' ? await movePercent(opts.db, Number(r.cardId), cents, r.days!, opts.now) : null;
    const fires =
      r.kind === 'above'
        ? cents > Number(r.thresholdCents)
        : r.kind === 'below'
          ? cents < Number(r.thresholdCents)
          : moved !== null && Math.abs(moved) >= r.percent!;
    if (!fires) continue;
    run.fired += 1;
    const line = `${describe(r, r.title, cents, moved, r.marketIsMarket === true)} (${r.marketSource ?? 'market'}${r.marketIsMarket ? '' : ', not market data'})`;
    if (r.digest) {
      if (r.lastSentOn !== null && r.lastSentOn > weekAgo) continue;
      const list = digests.get(Number(r.userId)) ?? [];
      list.push({ alert: r, line });
      digests.set(Number(r.userId), list);
      continue;
    }
    if (r.lastSentOn === today) continue;
    // Claimed first: a second run the same day finds it sent and mails nothing.
    const claimed = await PriceAlert.query(opts.db)
      .patch({ lastSentOn: today })
      .where('id', r.id)
      .where((w) => void w.whereNull('lastSentOn').orWhere('lastSentOn', '<>', today))
      .returning('id');
    if (claimed.length === 0) continue;
    const user = await User.query(opts.db).findById(r.userId);
    if (!user) continue;
    await opts.mailer.send({
      to: user.email,
      subject: `Price alert: ${r.title}`,
      text: `${line}\n\nSee your gallery: ${opts.publicUrl}/gallery\n\nStop this alert: ${unsubscribe(r)}\n`,
    });
    run.sent += 1;
  }
  for (const [userId, items] of digests) {
    const ids = items.map((i) => i.alert.id);
    const claimed = await PriceAlert.query(opts.db)
      .patch({ lastSentOn: today })
      .whereIn('id', ids)
      .where((w) => void w.whereNull('lastSentOn').orWhere('lastSentOn', '<=', weekAgo))
      .returning('id');
    if (claimed.length === 0) continue;
    const user = await User.query(opts.db).findById(userId);
    if (!user) continue;
    const lines = items.map((i) => `- ${i.line}\n  Stop this alert: ${unsubscribe(i.alert)}`);
    await opts.mailer.send({
      to: user.email,
      subject: `Your weekly price alerts (${items.length})`,
      text: `${lines.join('\n')}\n\nSee your gallery: ${opts.publicUrl}/gallery\n`,
    });
    run.sent += 1;
  }
  return run;
}
