/**
 * Spec §3 "Gallery card sent on transfer": how an anonymous browser card becomes a gallery card.
 * One implementation for the pricing page, complete-setup and the API's migrate call.
 */
export interface TAnonymousCard {
  id?: string | null;
  image?: string | null;
  player?: string | null;
  year?: string | null;
  brand?: string | null;
  condition?: string | null;
  userValue?: string | null;
  userNotes?: string | null;
  addedAt?: string | null;
  /** Older items may already carry gallery fields; used as fallbacks (spec §3). */
  title?: string | null;
  description?: string | null;
  value?: string | null;
}

export interface TGalleryCard {
  slotNumber: number;
  imageUrl: string;
  title: string;
  description: string;
  value: string | null;
  allTimeHigh: string | null;
  isEmpty: false;
}

const clean = (s: string | null | undefined) => (s ?? '').trim();

/**
 * Converts anonymous cards to gallery cards at slots 1..n: title is player plus year (falling back
 * to an existing title, then 'Unknown Card'), description is brand, a bullet, then condition
 * (falling back to an existing description). `missing` says what a missing value or all-time
 * high becomes: '' on the pricing page, null on complete-setup.
 */
export function toGalleryCards(items: readonly TAnonymousCard[], missing: '' | null = ''): TGalleryCard[] {
  return items.map((item, index) => {
    const title = [clean(item.player), clean(item.year)].filter(Boolean).join(' ') || clean(item.title) || 'Unknown Card';
    const described = [clean(item.brand), clean(item.condition)].filter(Boolean).join(' • ');
    const value = clean(item.userValue) || clean(item.value);
    return {
      slotNumber: index + 1,
      imageUrl: item.image ?? '',
      title,
      description: described || clean(item.description),
      value: value || missing,
      allTimeHigh: missing,
      isEmpty: false,
    };
  });
}
