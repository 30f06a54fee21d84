import type { TShareLink, TSharedCard, TSharedWall } from '../../core/contracts/share.types.ts';
import { isLayoutId, registryFigures } from '../../core/gallery.ts';
import { sharedColumns, sharedSlotCount } from '../../core/share.ts';
import { formatCents } from '../../core/format.ts';
import { cardDataOf } from '../../core/cards/card-data.ts';
import { cardFacts } from '../../core/cards/facts.ts';
import { shortGrade } from '../../core/cards/grade.ts';
import type { CardSlot } from '../../db/models/CardSlot.ts';
import type { Share } from '../../db/models/Share.ts';
import type { TOpenShare } from '../services/share/open-share.ts';
import { presentWallSlot } from './card.ts';

/** The owner's live link; `url` null only for a link whose token cannot be opened (made before tokens were sealed). */
export function presentShareLink(share: Share, url: string | null): TShareLink {
  return {
    url,
    showValues: share.showValues,
    showOwnerName: share.showOwnerName,
    title: share.title,
    layout: isLayoutId(share.layout) ? share.layout : '4x5',
    customCount: share.customCount,
    createdAt: share.createdAt.toISOString(),
  };
}

/** Paths a visitor reads a shared wall's files by (through the link, never /api/images). */
export const sharePaths = {
  image: (token: string, imageId: string, variant: 'thumb' | 'large') => `/api/share/${token}/images/${imageId}/${variant}`,
  preview: (token: string, version: string) => `/api/share/${token}/preview.png?v=${version}`,
};

/** A money text for the wall: formatted when it has a number, else as typed, else null. */
const money = (text: string | null, cents: number | null) => (cents !== null ? formatCents(cents) : text?.trim() || null);

/**
 * The wall a link shows: title, layout, and the filled slots within the layout in slot order, with
 * titles, descriptions, the card's grade and what it is (docs/choices.md 39), and (only when the owner shows
 * them) values and the value figures. No email, no account data, no card ids, no cost or notes; photos only by the shared cards' image ids, read through the link.
 */
export function presentSharedWall(open: TOpenShare, cards: readonly CardSlot[], token: string, cardCount = cards.length): TSharedWall {
  const { share, layout, owner } = open;
  const slotCount = sharedSlotCount(layout, share.customCount);
  const onWall = cards.filter((c) => c.slotNumber <= slotCount);
  const slots = onWall.map(presentWallSlot);
  const show = share.showValues;
  const f = registryFigures(slots, slotCount);
  const shared: TSharedCard[] = slots.map((slot, i) => {
    const imageId = onWall[i]?.imageId ?? null;
    const data = cardDataOf(slot);
    return {
      slotNumber: slot.slotNumber,
      title: slot.title,
      description: slot.description,
      value: show ? money(slot.value, slot.valueCents) : null,
      allTimeHigh: show ? money(slot.allTimeHigh, slot.allTimeHighCents) : null,
      thumbUrl: imageId ? sharePaths.image(token, imageId, 'thumb') : null,
      imageUrl: imageId ? sharePaths.image(token, imageId, 'large') : null,
      grade: shortGrade(data) || null,
      facts: cardFacts(data, false),
    };
  });
  return {
    title: share.title,
    layout,
    columns: sharedColumns(layout),
    slotCount,
    showValues: show,
    ownerFirstName: share.showOwnerName ? owner.firstName.trim() || null : null,
    figures: {
      acquisitions: f.acquisitions,
      completionPercent: f.completionPercent,
      totalCents: show ? f.totalCents : null,
      valued: show ? f.valued : null,
      averageCents: show ? f.averageCents : null,
      allTimeHighCents: show ? f.allTimeHighCents : null,
      tracked: show ? f.tracked : null,
    },
    cards: shared,
    cardCount,
    previewUrl: sharePaths.preview(token, `${owner.galleryVersion}-${share.updatedAt.getTime()}`),
  };
}
