import { formatCents } from '../../../../core/format.ts';
import { formatValueText } from '../../../../core/values.ts';
import type { TGalleryCard } from '../../stores/gallery.ts';

/** 'CARD 03': the slot number with at least two digits (docs/product.md §2 /gallery). */
export function slotLabel(slot: number): string {
  return `CARD ${String(slot).padStart(2, '0')}`;
}

/** The card's name for labels and placards. */
export function cardName(card: Pick<TGalleryCard, 'title' | 'slotNumber'>): string {
  return card.title.trim() || 'Untitled card';
}

/** A typed value as money when it has a number ('$1,250'), the text as typed when not, else null. */
export function valueText(text: string | null, cents: number | null): string | null {
  if (cents !== null) return formatCents(cents);
  const typed = (text ?? '').trim();
  return typed ? (formatValueText(typed) ?? typed) : null;
}
