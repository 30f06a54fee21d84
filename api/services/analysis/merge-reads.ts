import type { TFieldScores, TLayoutRead } from '../../../core/analysis/label-layout.ts';
import type { TParsedLabel } from '../../../core/analysis/types.ts';

/** The parsed fields that go with each scored field: they are taken together from one read. */
const FIELD_PARTS: Record<keyof TFieldScores, readonly (keyof TParsedLabel)[]> = {
  year: ['year'],
  brand: ['brand', 'brandKnown'],
  player: ['player'],
  cardNumber: ['cardNumber'],
  grade: ['grade', 'gradeName', 'gradeCertain', 'qualifier', 'autoGrade'],
  certNumber: ['certNumber'],
};

/**
 * Two reads of the same label (at two scales) made one (docs/choices.md 44): each field, with what
 * goes with it (the grade's wording and qualifier), is taken from the read that is surer of it. The
 * recognizer misreads letters a few pixels high differently at each scale, so one read's doubtful
 * field is often the other's sure one. Pure.
 */
export function mergeLayoutReads(a: TLayoutRead, b: TLayoutRead): TLayoutRead {
  const parsed: TParsedLabel = { ...a.parsed };
  const scores: TFieldScores = { ...a.scores };
  for (const field of Object.keys(FIELD_PARTS) as (keyof TFieldScores)[]) {
    if (b.scores[field] <= a.scores[field]) continue;
    scores[field] = b.scores[field];
    for (const part of FIELD_PARTS[field]) Object.assign(parsed, { [part]: b.parsed[part] });
  }
  return { parsed, scores, byLayout: a.byLayout || b.byLayout };
}
