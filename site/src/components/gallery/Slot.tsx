import { memo, type CSSProperties } from 'react';
import type { TGalleryCard } from '../../stores/gallery.ts';
import { cardName, slotLabel, valueText } from './format.ts';
import NoPhoto, { noPhotoText } from './NoPhoto.tsx';
import { EditIcon, ExpandIcon, LockIcon, PlusIcon, TrashIcon } from '../ui/icons.tsx';

/** How slots respond: 'edit' (view, edit, delete, add), 'swap' (taps select and swap), 'view-only' (dimmed, inert). */
export type TSlotMode = 'edit' | 'swap' | 'view-only';

/** Id of the swap instructions that slot buttons point to in swap mode. */
export const SWAP_HELP_ID = 'swap-help';

/** Where a slot sits when the wall renders only a window of its slots (SlotGrid). */
interface TPlacement {
  /** The wall's slot count when only part of it is rendered: the item's aria-setsize. */
  setSize?: number | undefined;
  /** A position outside the rendered rows (a focused or dragged slot kept mounted). */
  placed?: CSSProperties | undefined;
}

/** The list item attributes of slot n. */
const itemProps = (n: number, { setSize, placed }: TPlacement) => ({
  'data-slot': n,
  'aria-posinset': setSize ? n : undefined,
  'aria-setsize': setSize,
  style: placed,
});

interface FilledProps extends TPlacement {
  card: TGalleryCard;
  mode: TSlotMode;
  registry: boolean;
  selected: boolean;
  pending: boolean;
  dropTarget: boolean;
  dragging: boolean;
  draggable: boolean;
  /** Data retention: a card past the free slots, read-only and blurred until the user reactivates (docs/choices.md 6). */
  retained?: boolean;
  /**
   * Render the view, edit and delete buttons: only for the slot under the mouse or holding focus (and
   * every slot on touch screens), so a row scrolling into the wall stays a few elements per slot.
   */
  actions: boolean;
  /** In the first row: the thumbnail is fetched at high priority. */
  first?: boolean;
  /**
   * Drawn into the page's HTML by the server (the first screen): the thumbnail loads with the page
   * (the browser's preload scanner starts it as it parses) instead of waiting for layout as a lazy one does.
   */
  eager?: boolean;
}

function Placard({ slot, card }: { slot: number; card?: TGalleryCard }) {
  if (!card) {
    return (
      <div className="g-placard is-empty">
        <span className="g-placard-no">{slotLabel(slot)}</span>
        <span className="g-placard-title">—</span>
        <span className="g-placard-figures" aria-hidden="true" />
      </div>
    );
  }
  const value = valueText(card.value, card.valueCents);
  const high = valueText(card.allTimeHigh, card.allTimeHighCents);
  return (
    <div className="g-placard">
      <span className="g-placard-no">{slotLabel(slot)}</span>
      <span className="g-placard-title" title={cardName(card)}>
        {cardName(card)}
      </span>
      <span className="g-placard-figures">
        <span className="g-placard-value" data-testid="placard-value">
          {value ?? 'No value'}
        </span>
        {high && <span className="g-placard-high">ATH {high}</span>}
      </span>
    </div>
  );
}

/**
 * A filled slot (docs/product.md §2): the lazy thumbnail in a fixed-ratio frame, the value badge, and view,
 * edit and delete buttons. Clicks are handled by the grid through data-action / data-slot, so the
 * component takes only plain props and re-renders only when its own card or flags change.
 */
export const FilledSlot = memo(function FilledSlot({
  card,
  mode,
  registry,
  selected,
  pending,
  dropTarget,
  dragging,
  draggable,
  retained = false,
  actions,
  first = false,
  eager = false,
  ...at
}: FilledProps) {
  const n = card.slotNumber;
  const name = cardName(card);
  const value = valueText(card.value, card.valueCents);
  const classes = ['g-slot', 'is-filled'];
  if (selected) classes.push('is-selected');
  if (pending) classes.push('is-pending');
  if (dropTarget) classes.push('is-drop-target');
  if (dragging) classes.push('is-dragging');
  if (mode === 'view-only') classes.push('is-inert');
  if (retained) classes.push('is-retained');
  const image = card.thumbUrl ? (
    <img
      src={card.thumbUrl}
      width={400}
      height={560}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : undefined}
      decoding="async"
      alt={mode === 'view-only' ? name : ''}
      draggable={false}
    />
  ) : (
    <NoPhoto card={card} />
  );
  // Without a photo the face shows the card's placard words: the name says them as shown (axe's label-content-name-mismatch).
  const shown = card.thumbUrl ? name : noPhotoText(card);
  const label =
    mode === 'swap'
      ? `${slotLabel(n)}: ${shown}. ${selected ? 'Selected for swap, press again to clear' : 'Select to swap'}`
      : `${slotLabel(n)}: ${shown}${value ? `, ${value}` : ''}. View full image and details${mode === 'edit' ? ', edit or delete' : ''}`;

  return (
    <li className={classes.join(' ')} {...itemProps(n, at)} aria-busy={pending || undefined} data-testid="filled-slot" data-retained={retained || undefined}>
      <div className="g-frame" draggable={draggable} data-drag={draggable ? n : undefined}>
        {mode === 'view-only' ? (
          <div className="g-face">{image}</div>
        ) : (
          <button
            type="button"
            className="g-face"
            data-action="open"
            data-slot={n}
            aria-label={label}
            aria-pressed={mode === 'swap' ? selected : undefined}
            aria-haspopup={mode === 'swap' ? undefined : 'dialog'}
            aria-describedby={mode === 'swap' ? SWAP_HELP_ID : undefined}
          >
            {image}
          </button>
        )}
        {value && (
          <span className="g-badge" data-testid="value-badge">
            {value}
          </span>
        )}
        {!registry && (
          <span className="g-no" aria-hidden="true">
            {String(n).padStart(2, '0')}
          </span>
        )}
        {mode === 'edit' && actions && (
          <div className="g-actions">
            <button type="button" className="g-action" data-action="view" aria-haspopup="dialog" data-slot={n} aria-label={`View ${name}`} title="View">
              <ExpandIcon />
            </button>
            <button type="button" className="g-action" data-action="edit" aria-haspopup="dialog" data-slot={n} aria-label={`Edit ${name}`} title="Edit">
              <EditIcon />
            </button>
            <button
              type="button"
              className="g-action is-danger"
              data-action="delete"
              aria-haspopup="dialog"
              data-slot={n}
              aria-label={`Delete ${name}`}
              title="Delete"
            >
              <TrashIcon />
            </button>
          </div>
        )}
        {pending && (
          <span className="g-pending" aria-hidden="true">
            <span className="spinner" />
          </span>
        )}
      </div>
      {registry && <Placard slot={n} card={card} />}
    </li>
  );
});

interface EmptyProps extends TPlacement {
  slot: number;
  mode: TSlotMode;
  registry: boolean;
  pending: boolean;
  dropTarget: boolean;
}

/**
 * An empty slot (docs/product.md §2): ADD ITEM, CARD NN, AWAITING ACQUISITION; opens the add-item dialog.
 * In swap mode it reads MOVE HERE. Its name is the words it shows (speech input finds it by them).
 */
export const EmptySlot = memo(function EmptySlot({ slot, mode, registry, pending, dropTarget, ...at }: EmptyProps) {
  const body = (
    <>
      <span className="g-empty-plus" aria-hidden="true">
        <PlusIcon size={22} />
      </span>
      <span className="g-empty-add">{mode === 'swap' ? 'MOVE HERE' : 'ADD ITEM'}</span>
      <span className="g-empty-no">{slotLabel(slot)}</span>
      <span className="g-empty-note">AWAITING ACQUISITION</span>
    </>
  );
  const classes = ['g-slot', 'is-empty'];
  if (dropTarget) classes.push('is-drop-target');
  if (pending) classes.push('is-pending');
  if (mode === 'view-only') classes.push('is-inert');
  return (
    <li className={classes.join(' ')} {...itemProps(slot, at)} data-testid="empty-slot">
      {mode === 'view-only' ? (
        <div className="g-frame g-empty">{body}</div>
      ) : (
        <button
          type="button"
          className="g-frame g-empty"
          data-action="add"
          data-slot={slot}
          aria-haspopup={mode === 'swap' ? undefined : 'dialog'}
          aria-describedby={mode === 'swap' ? SWAP_HELP_ID : undefined}
        >
          {body}
        </button>
      )}
      {registry && <Placard slot={slot} />}
    </li>
  );
});

/** A slot past the plan's limit (a legacy account in a larger layout): opens the upgrade prompt. */
export const LockedSlot = memo(function LockedSlot({ slot, registry, ...at }: { slot: number; registry: boolean } & TPlacement) {
  return (
    <li className="g-slot is-locked" {...itemProps(slot, at)}>
      <button
        type="button"
        className="g-frame g-empty"
        data-action="locked"
        data-slot={slot}
        aria-haspopup="dialog"
        aria-label={`${slotLabel(slot)}: PRO slot, upgrade to use it`}
      >
        <span className="g-empty-plus" aria-hidden="true">
          <LockIcon size={20} />
        </span>
        <span className="g-empty-no">{slotLabel(slot)}</span>
        <span className="g-empty-note">PRO SLOT</span>
      </button>
      {registry && <Placard slot={slot} />}
    </li>
  );
});

/** The shape of a slot while the cards load (slot numbered once the wall is known, not yet its card). */
export const SkeletonSlot = memo(function SkeletonSlot({ slot, registry = false, ...at }: { slot: number; registry?: boolean } & TPlacement) {
  return (
    <li className="g-slot is-skeleton" aria-hidden="true" style={at.placed} data-skeleton={slot}>
      <div className="g-frame">
        <span className="g-shimmer" />
      </div>
      {registry && <Placard slot={slot} />}
    </li>
  );
});
