import { useEffect, useState, type DragEvent, type MouseEvent, type ReactElement } from 'react';
import { useStore } from '@nanostores/react';
import { $cards, $cardsState, $pendingSlots, $swapMode, $swapSelection, loadCards, openDialog, swapCards, tapSlotForSwap } from '../../stores/gallery.ts';
import type { TGalleryAccess } from '../../stores/gallery-layout.ts';
import { EmptySlot, FilledSlot, LockedSlot, SkeletonSlot, type TSlotMode } from './Slot.tsx';

interface Props {
  access: TGalleryAccess;
  /** Slots to show. */
  count: number;
  /** Columns on wide screens, or null to fit as many as the width allows. */
  columns: number | null;
  registry: boolean;
}

/** Skeleton slots shown while the cards load (enough for a first screen). */
const SKELETONS = 12;
/** Slots rendered at once: the first screen first, the rest in batches between frames. */
const FIRST_BATCH = 48;
const BATCH = 240;

function slotOf(event: { target: EventTarget }): number | null {
  const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-slot]') : null;
  return el ? Number(el.dataset.slot) : null;
}

/**
 * The slot wall. One click handler and one set of drag handlers on the list serve every slot
 * (data-action / data-slot), so 1,000 slots cost 1,000 small memoized elements and nothing more.
 * In swap mode a click, Enter or Space on a slot button is a tap (spec §4); a filled slot can also
 * be dragged onto another slot (HTML5 drag and drop).
 */
export default function SlotGrid({ access, count, columns, registry }: Props) {
  const cards = useStore($cards);
  const state = useStore($cardsState);
  const swapMode = useStore($swapMode);
  const selected = useStore($swapSelection);
  const pending = useStore($pendingSlots);
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const [rendered, setRendered] = useState(FIRST_BATCH);

  // A 1,000-slot wall paints its first screen first, then grows a batch per task, so the first
  // thumbnails load and paint without waiting for the last slot.
  useEffect(() => {
    if (state !== 'ready' || rendered >= count) return;
    const timer = window.setTimeout(() => setRendered((n) => n + BATCH), 0);
    return () => window.clearTimeout(timer);
  }, [state, rendered, count]);

  const mode: TSlotMode = !access.canEdit ? 'view-only' : swapMode ? 'swap' : 'edit';
  const canDrag = access.pro && access.canEdit;
  const usable = (slot: number) => slot >= 1 && slot <= access.maxSlots;

  const onClick = (event: MouseEvent<HTMLOListElement>) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null;
    if (!target) return;
    const slot = Number(target.dataset.slot);
    if (!Number.isInteger(slot) || (pending.has(slot) && target.dataset.action !== 'view')) return;
    switch (target.dataset.action) {
      case 'open':
        if (mode === 'swap') tapSlotForSwap(slot);
        else openDialog({ kind: 'view', slot });
        break;
      case 'add':
        if (mode === 'swap') tapSlotForSwap(slot);
        else if (!usable(slot)) openDialog({ kind: 'upsell', feature: 'locked-slot' });
        else openDialog({ kind: 'add', slot });
        break;
      case 'view':
        openDialog({ kind: 'view', slot });
        break;
      case 'edit':
        openDialog({ kind: 'edit', slot });
        break;
      case 'delete':
        openDialog({ kind: 'delete', slot });
        break;
      case 'locked':
        openDialog({ kind: 'upsell', feature: 'locked-slot' });
        break;
    }
  };

  const dragHandlers = canDrag
    ? {
        onDragStart(event: DragEvent<HTMLOListElement>) {
          const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-drag]') : null;
          const from = el ? Number(el.dataset.drag) : NaN;
          if (!Number.isInteger(from) || pending.has(from)) {
            event.preventDefault();
            return;
          }
          event.dataTransfer.setData('text/plain', String(from));
          event.dataTransfer.effectAllowed = 'move';
          setDrag({ from, over: null });
        },
        onDragOver(event: DragEvent<HTMLOListElement>) {
          const to = slotOf(event);
          if (!drag || to === null || !usable(to) || pending.has(to)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          if (drag.over !== to) setDrag({ from: drag.from, over: to });
        },
        onDrop(event: DragEvent<HTMLOListElement>) {
          event.preventDefault();
          const to = slotOf(event);
          const from = drag?.from ?? Number(event.dataTransfer.getData('text/plain'));
          setDrag(null);
          if (to !== null && Number.isInteger(from) && from !== to && usable(to)) void swapCards(from, to);
        },
        onDragEnd() {
          setDrag(null);
        },
      }
    : {};

  if (state === 'error') {
    return (
      <div className="g-load-error card" role="alert">
        <h2>Your cards could not be loaded</h2>
        <p className="muted">Check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void loadCards()}>Try Again</button>
      </div>
    );
  }

  const items: ReactElement[] = [];
  if (state === 'loading') {
    for (let n = 1; n <= Math.min(count, SKELETONS); n++) items.push(<SkeletonSlot key={n} />);
  } else {
    for (let n = 1; n <= Math.min(count, rendered); n++) {
      const card = cards.get(n);
      const busy = pending.has(n);
      const over = drag?.over === n && drag.from !== n;
      if (card) {
        const retained = access.readOnlyAbove !== null && n > access.readOnlyAbove;
        items.push(
          <FilledSlot key={n} card={card} mode={retained ? 'view-only' : mode} registry={registry} selected={selected === n} pending={busy}
            dropTarget={over} dragging={drag?.from === n} draggable={canDrag && mode !== 'view-only' && !busy && !retained} retained={retained} />,
        );
      } else if (!usable(n) && access.canEdit) {
        items.push(<LockedSlot key={n} slot={n} registry={registry} />);
      } else {
        items.push(<EmptySlot key={n} slot={n} mode={mode} registry={registry} pending={busy} dropTarget={over} />);
      }
    }
  }

  return (
    <ol
      className={`g-grid${columns ? '' : ' is-fit'}${registry ? ' is-registry' : ''}${swapMode ? ' is-swapping' : ''}${drag ? ' is-dragging' : ''}`}
      data-cols={columns ?? undefined}
      aria-label="Gallery slots"
      aria-busy={state === 'loading' || rendered < count || undefined}
      data-testid="slot-grid"
      onClick={onClick}
      {...dragHandlers}
    >
      {items}
    </ol>
  );
}
