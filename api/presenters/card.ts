import { setFieldsOf } from '../../core/cards/card-data.ts';
import { formatCents } from '../../core/values.ts';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { CardSlot } from '../../db/models/CardSlot.ts';

const imageUrl = (id: string, variant: string) => `/api/images/${id}/${variant}`;

/** Presents a filled slot: the spec's fields, image variants, cents, and the card's fields that are set. */
export function presentSlot(card: CardSlot): TSlotView {
  const entered = card.allTimeHighCents;
  const peak = card.peakValueCents;
  const athFromHistory = peak !== null && (entered === null || peak > entered);
  return {
    id: card.id,
    slotNumber: card.slotNumber,
    imageUrl: card.imageId ? imageUrl(card.imageId, 'large') : null,
    thumbUrl: card.imageId ? imageUrl(card.imageId, 'thumb') : null,
    originalUrl: card.imageId ? imageUrl(card.imageId, 'original') : null,
    title: card.title,
    description: card.description,
    value: card.value,
    valueCents: card.valueCents,
    allTimeHigh: athFromHistory ? formatCents(peak) : card.allTimeHigh,
    allTimeHighCents: athFromHistory ? peak : entered,
    isEmpty: false,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
    ...setFieldsOf(card),
    ...(card.populationAtGrade != null ? { populationAtGrade: card.populationAtGrade } : {}),
  };
}

/** Presents an empty slot (after a delete, or the empty side of a swap). */
export function presentEmptySlot(slotNumber: number): TSlotView {
  return {
    id: null, slotNumber, imageUrl: null, thumbUrl: null, originalUrl: null, title: '', description: '',
    value: null, valueCents: null, allTimeHigh: null, allTimeHighCents: null, isEmpty: true, createdAt: null, updatedAt: null,
  };
}
