import type { TFieldScores, TLayoutRead } from '../../../core/analysis/label-layout.ts';
import type { TParsedLabel } from '../../../core/analysis/types.ts';
import { KNOWN_PLAYERS } from './known-players.ts';
import { nearPlayer } from './name-lexicon.ts';

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
 * not one ('JOHN MEGRAGV'), with the surer of the two scores: both reads say that name. Pure.
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
    if (b.scores[field] <= a.scores[field]) continue;
    scores[field] = b.scores[field];
    for (const part of FIELD_PARTS[field]) Object.assign(parsed, { [part]: b.parsed[part] });
  }
  return { parsed, scores, byLayout: a.byLayout || b.byLayout };
}
