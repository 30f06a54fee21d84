import type { TFieldScores, TLayoutRead } from '../../../core/analysis/label-layout.ts';
import type { TParsedLabel } from '../../../core/analysis/types.ts';
import { brandYears, withinYears } from '../../../core/analysis/vocabulary.ts';
import { KNOWN_PLAYERS } from './known-players.ts';
import { nearPlayer } from './name-lexicon.ts';
import { playerYears } from './player-careers.ts';

/** The parsed fields that go with each scored field: they are taken together from one read. */
const FIELD_PARTS: Record<keyof TFieldScores, readonly (keyof TParsedLabel)[]> = {
  year: ['year'],
  brand: ['brand', 'brandKnown'],
  player: ['player'],
  cardNumber: ['cardNumber'],
  grade: ['grade', 'gradeName', 'gradeCertain', 'qualifier', 'autoGrade'],
  certNumber: ['certNumber'],
};

const KNOWN: ReadonlySet<string> = new Set(KNOWN_PLAYERS);
const known = (player: string | null) => player !== null && KNOWN.has(player.toUpperCase());

/**
 * A card number as PSA prints it after its '#': letters, digits, '-' and '/' ('193', 'BCRA-VR', '460/25').
 * A read with a space or a '#' in it ('SE #193') has taken in the line's other words: it is no longer read.
 */
const NUMBER_SHAPE = /^[A-Z0-9][A-Z0-9/-]*$/;

/** What a read says of a field (its first part, upper case), null when nothing. */
function valueOf(r: TLayoutRead, field: keyof TFieldScores): string | null {
  const v = r.parsed[FIELD_PARTS[field][0] ?? 'year'];
  return v === null || v === undefined || v === '' ? null : String(v).toUpperCase();
}

/**
 * The most a field two looks read alike is raised to by their agreement: kept (ANALYSIS_UNSURE is
 * 0.5), still doubtful (under ANALYSIS_LOW_CONFIDENCE), so the analysis stays below the sure mark.
 */
const AGREED_AT_MOST = 0.6;

/** A set or known player kept at least this surely bounds the year kept with it (ANALYSIS_UNSURE: a field read less surely is emptied). */
const KEPT = 0.5;

/** Whether one read's player is a known player's name and the other's, no name, is near it. */
function sameName(a: TLayoutRead, b: TLayoutRead): boolean {
  const [pa, pb] = [a.parsed.player, b.parsed.player];
  if (!pa || !pb || known(pa) === known(pb)) return false;
  return known(pa) ? nearPlayer(pb, pa) : nearPlayer(pa, pb);
}

/**
 * Two reads of the same label (at two scales) made one (docs/choices.md 44): each field, with what
 * goes with it (the grade's wording and qualifier), is taken from the read that is surer of it. The
 * recognizer misreads letters a few pixels high differently at each scale, so one read's doubtful
 * field is often the other's sure one. A player read as a known player's name (known-players.ts,
 * taken only where the recognizer's output supported it) wins over a read near that name that is
 * not one ('JOHN MEGRAGV'), with the surer of the two scores: both reads say that name. A card
 * number one read has with characters more at its ends than the other is the longer. Pure.
 */
export function mergeLayoutReads(a: TLayoutRead, b: TLayoutRead): TLayoutRead {
  const parsed: TParsedLabel = { ...a.parsed };
  const scores: TFieldScores = { ...a.scores };
  for (const field of Object.keys(FIELD_PARTS) as (keyof TFieldScores)[]) {
    if (field === 'player' && sameName(a, b)) {
      if (known(b.parsed.player)) parsed.player = b.parsed.player;
      scores.player = Math.max(a.scores.player, b.scores.player);
      continue;
    }
    const said = valueOf(a, field);
    if (said !== null && said === valueOf(b, field)) {
      // Both looks read the same: each look's doubt is a chance of a misread, and two misreads
      // seldom agree; but both may share a blur's misread, so agreement alone makes a field kept, never sure.
      const agreed = Math.min(AGREED_AT_MOST, 1 - (1 - a.scores[field]) * (1 - b.scores[field]));
      scores[field] = Math.max(a.scores[field], b.scores[field], agreed);
      // The grade's wording from the surer read ('PR-FR' over 'PR' for a 1); not its qualifier, a
      // mark read apart whose doubt the grade's score does not measure (on the real sports set the
      // surer grade's qualifier was the worse one twice: '(MC)' for '(MK)').
      if (field === 'grade' && b.scores.grade > a.scores.grade) parsed.gradeName = b.parsed.gradeName;
      continue;
    }
    const other = valueOf(b, field);
    if (
      field === 'cardNumber'
      && said !== null
      && other !== null
      && (said.includes(other) || other.includes(said))
      && NUMBER_SHAPE.test(said)
      && NUMBER_SHAPE.test(other)
    ) {
      // One look read the other's number with characters more at its ends ('30' and '308'): letters a
      // few pixels high at a piece's edge are dropped far more often than made up, so the longer read is
      // kept, raised by the shorter's support as two looks that agree are (kept, never sure by that alone).
      const longer = other.length > said.length ? b : a;
      scores.cardNumber = Math.max(longer.scores.cardNumber, Math.min(AGREED_AT_MOST, 1 - (1 - a.scores.cardNumber) * (1 - b.scores.cardNumber)));
      parsed.cardNumber = longer.parsed.cardNumber;
      continue;
    }
    if (b.scores[field] <= a.scores[field]) continue;
    scores[field] = b.scores[field];
    for (const part of FIELD_PARTS[field]) Object.assign(parsed, { [part]: b.parsed[part] });
  }
  // A year no card of the set or the player kept can have ('1942' beside TOPPS, from one look, the
  // set from the other; a year before a known player's first cards): the other look's year when
  // possible, else none. A year after a player's last season is possible (retrospective sets).
  const span = parsed.brand && scores.brand >= KEPT ? brandYears(parsed.brand) : null;
  const career = parsed.player && scores.player >= KEPT ? playerYears(parsed.player) : null;
  const possible = (year: string | null) => year !== null && (!span || withinYears(year, span)) && (!career || Number(year) >= career.from);
  if (parsed.year && (span || career) && !possible(parsed.year)) {
    const other = [a, b].find((r) => possible(r.parsed.year));
    if (other) {
      parsed.year = other.parsed.year;
      scores.year = other.scores.year;
    } else scores.year = 0;
  } else if (parsed.year && career && Number(parsed.year) > career.to) {
    // A year after the player's last season from one look, one within his seasons from the other
    // ('1995' and '1965' beside PETE ROSE): his cards of his playing years far outnumber the
    // retrospective sets', and a blurred digit is the likelier cause; the year within, as its look read it.
    const within = [a, b].find((r) => possible(r.parsed.year) && withinYears(r.parsed.year ?? '', career) && r.scores.year >= KEPT);
    if (within) {
      parsed.year = within.parsed.year;
      scores.year = within.scores.year;
    }
  }
  return { parsed, scores, byLayout: a.byLayout || b.byLayout };
}
