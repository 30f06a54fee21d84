/**
 * What a write does to a card's text (docs/choices.md 39), one rule for upload, edit, transfer and
 * import: the structured fields sent replace the stored ones (null clears one); the title and the
 * description are kept as typed when the write sends them (the spec's calls, §7), else made again
 * from the fields when a field they are made of was sent, else left as they were. A title or
 * description typed without the fields it is made of (a client of the spec's calls) sets those
 * fields from what it says (core/cards/from-text.ts), so every card's fields match its text.
 */
import { DESCRIPTION_KEYS, TITLE_KEYS, type TCardData } from './card-data.ts';
import { gradeFromDescription, identityFromTitle } from './from-text.ts';
import { deriveDescription, deriveTitle } from './title.ts';

/** A card's text and structured fields. */
export interface TCardText {
  title: string;
  description: string;
  data: TCardData;
}

/** A write: the spec's text fields when sent, and the structured fields sent. */
export interface TCardWrite {
  title?: string | undefined;
  description?: string | undefined;
  data: Partial<TCardData>;
}

const sends = (write: TCardWrite, keys: readonly (keyof TCardData)[]) => keys.some((k) => write.data[k] !== undefined);

/** The card after `write` (pure; `before` is a new card's empty text for an upload into an empty slot). */
export function applyCardWrite(before: TCardText, write: TCardWrite): TCardText {
  const data: TCardData = { ...before.data };
  if (write.title !== undefined && !sends(write, TITLE_KEYS)) Object.assign(data, identityFromTitle(write.title));
  if (write.description !== undefined && !sends(write, DESCRIPTION_KEYS)) Object.assign(data, gradeFromDescription(write.description));
  for (const [key, value] of Object.entries(write.data) as [keyof TCardData, TCardData[keyof TCardData] | undefined][]) {
    // Each entry is one field of TCardData with its own type; undefined means "not sent".
    if (value !== undefined) (data as Record<keyof TCardData, unknown>)[key] = value;
  }
  return {
    data,
    title: write.title ?? (sends(write, TITLE_KEYS) ? deriveTitle(data) : before.title),
    description: write.description ?? (sends(write, DESCRIPTION_KEYS) ? deriveDescription(data) : before.description),
  };
}
