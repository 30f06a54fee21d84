import {
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { useStore } from '@nanostores/react';
import {
  $cards,
  $cardsKnownUpTo,
  $cardsState,
  $pendingSlots,
  $swapMode,
  $swapSelection,
  loadCards,
  openDialog,
  swapCards,
  tapSlotForSwap,
} from '../../stores/gallery.ts';
import { canSwap } from '../../../../core/gallery.ts';
import type { TGalleryAccess } from '../../stores/gallery-layout.ts';
import { EmptySlot, FilledSlot, LockedSlot, SkeletonSlot, type TSlotMode } from './Slot.tsx';
import { useWallWindow } from './use-wall-window.ts';
import { FIRST_SCREEN_SLOTS } from '../../../../core/first-screen.ts';

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
/** Slots whose thumbnails are fetched at high priority: about the first row, which the page's inline script starts. */
const FIRST_ROW_SLOTS = 8;

/** A touch screen (no hover): every filled slot shows its view, edit and delete buttons. */
const noHover = () => typeof matchMedia === 'function' && matchMedia('(hover: none)').matches;

function slotOf(event: { target: EventTarget }): number | null {
  const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-slot]') : null;
  return el ? Number(el.dataset.slot) : null;
}

/**
 * The slot wall. Only the rows near the viewport are rendered, each slot placed at its row and
 * column in a list as tall as the whole wall (useWallWindow). One click handler and one set of
 * drag handlers on the list serve every slot (data-action / data-slot), so a slot is a small
 * memoized element with no effects or listeners of its own. In swap mode a click, Enter or Space
 * on a slot button is a tap (docs/product.md §4); a filled slot can also be dragged onto another slot (HTML5
 * drag and drop). The slot last focused
 * and the slot being dragged stay mounted when they scroll out of the window, so focus is never
 * lost and a drag can travel the whole wall.
 */
export default function SlotGrid({ access, count, columns, registry }: Props) {
  const cards = useStore($cards);
  const state = useStore($cardsState);
  const knownUpTo = useStore($cardsKnownUpTo);
  const swapMode = useStore($swapMode);
  const selected = useStore($swapSelection);
  const pending = useStore($pendingSlots);
  const [drag, setDrag] = useState<{ from: number; over: number | null } | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  // The slot under the mouse: it and the focused slot render their action buttons (one listener here).
  const [hovered, setHovered] = useState<number | null>(null);
  // Known once in the browser: the server's first screen (and the hydration render) shows no buttons.
  // On a touch screen every slot rendered then gets its buttons (hidden until a slot holds focus): as a
  // transition, in slices, where an update from an effect renders in one task (40-75 ms with the CPU
  // 4x slower, on Lighthouse's phone).
  const [touch, setTouch] = useState(false);
  useEffect(() => {
    if (noHover()) startTransition(() => setTouch(true));
  }, []);
  const listRef = useRef<HTMLOListElement>(null);
  const ready = state === 'ready';
  // While only the first page is in, the window holds the first screen and a row more (less to lay out before it shows).
  const wall = useWallWindow(listRef, count, state !== 'loading', `${columns}|${registry}`, state === 'partial');

  const mode: TSlotMode = !access.canEdit ? 'view-only' : swapMode ? 'swap' : 'edit';
  // Slots are draggable from the start; a drag begins only once the whole wall is in (a change
  // waits for every slot). Not tying the attribute to `ready` spares every slot on screen a
  // re-render in the frame the rest of the wall arrives.
  const canDrag = canSwap({ hasProFeatures: access.pro }) && access.canEdit;
  const usable = (slot: number) => slot >= 1 && slot <= access.maxSlots;

  const onClick = (event: MouseEvent<HTMLOListElement>) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-action]') : null;
    if (!target) return;
    const slot = Number(target.dataset.slot);
    const action = target.dataset.action;
    if (!Number.isInteger(slot) || (pending.has(slot) && action !== 'view')) return;
    // Until the whole wall has loaded, slots only open the viewer: a change waits for every slot.
    if (!ready && !(action === 'view' || (action === 'open' && mode !== 'swap'))) return;
    switch (action) {
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

  const onFocus = (event: FocusEvent<HTMLOListElement>) => {
    const slot = slotOf(event);
    if (slot !== null && slot !== focused) setFocused(slot);
  };

  const onPointerOver = (event: PointerEvent<HTMLOListElement>) => {
    if (touch || event.pointerType === 'touch') return;
    const slot = slotOf(event);
    if (slot !== hovered) setHovered(slot);
  };

  const dragHandlers = canDrag
    ? {
        onDragStart(event: DragEvent<HTMLOListElement>) {
          const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-drag]') : null;
          const from = el ? Number(el.dataset.drag) : NaN;
          if (!ready || !Number.isInteger(from) || pending.has(from)) {
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

  const slotElement = (n: number, placed = wall.placeOf(n)): ReactElement => {
    if (state === 'partial' && n > knownUpTo) return <SkeletonSlot key={n} slot={n} registry={registry} setSize={wall.setSize} placed={placed} />;
    const card = cards.get(n);
    const busy = pending.has(n);
    const over = drag?.over === n && drag.from !== n;
    if (card) {
      const retained = access.readOnlyAbove !== null && n > access.readOnlyAbove;
      return (
        <FilledSlot
          key={n}
          card={card}
          mode={retained ? 'view-only' : mode}
          registry={registry}
          selected={selected === n}
          pending={busy}
          dropTarget={over}
          dragging={drag?.from === n}
          draggable={canDrag && mode !== 'view-only' && !busy && !retained}
          retained={retained}
          setSize={wall.setSize}
          placed={placed}
          actions={touch || n === hovered || n === focused}
          first={n <= FIRST_ROW_SLOTS}
          eager={n <= FIRST_SCREEN_SLOTS}
        />
      );
    }
    if (!usable(n) && access.canEdit) return <LockedSlot key={n} slot={n} registry={registry} setSize={wall.setSize} placed={placed} />;
    return <EmptySlot key={n} slot={n} mode={mode} registry={registry} pending={busy} dropTarget={over} setSize={wall.setSize} placed={placed} />;
  };

  // Each slot's element, made once for the wall as it stands: when only the window moves (a scroll,
  // the overscan growing) the slots already shown keep their elements, and only the new ones are made.
  const made = useMemo(
    () => new Map<number, ReactElement>(),
    // slotElement reads only the values listed here (and the window's placeOf, one function per shape).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- slotElement is a new function each render
    [state, count, wall.placeOf, wall.setSize, cards, knownUpTo, pending, drag, selected, focused, hovered, touch, mode, registry, access, canDrag],
  );
  const slot = (n: number): ReactElement => {
    let element = made.get(n);
    if (!element) made.set(n, (element = slotElement(n)));
    return element;
  };

  // Rebuilt only when the window or a slot's data moves, not on every scroll event.
  const items = useMemo(() => {
    const list: ReactElement[] = [];
    if (state === 'loading' || state === 'error') {
      for (let n = 1; n <= Math.min(count, SKELETONS); n++) list.push(<SkeletonSlot key={n} slot={n} />);
      return list;
    }
    for (let n = wall.first; n <= wall.last; n++) list.push(slot(n));
    // Kept mounted out of the window (measured walls only: a small wall renders every slot anyway).
    for (const n of new Set([focused, drag?.from])) {
      if (n && n <= count && (n < wall.first || n > wall.last) && wall.placeOf(n)) list.push(slot(n));
    }
    return list;
    // slot reads only `made` and the values listed here.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- slot is a new function each render
  }, [made, state, count, wall, focused, drag]);

  if (state === 'error') {
    return (
      <div className="g-load-error card" role="alert">
        <h2>Your cards could not be loaded</h2>
        <p className="muted">Check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void loadCards()}>
          Try Again
        </button>
      </div>
    );
  }

  return (
    <ol
      ref={listRef}
      className={`g-grid${columns ? '' : ' is-fit'}${registry ? ' is-registry' : ''}${swapMode ? ' is-swapping' : ''}${drag ? ' is-dragging' : ''}`}
      style={wall.style}
      data-cols={columns ?? undefined}
      aria-label="Gallery slots"
      aria-busy={!ready || undefined}
      data-testid="slot-grid"
      data-window={`${wall.first}-${wall.last}`}
      onClick={onClick}
      onFocus={onFocus}
      onPointerOver={onPointerOver}
      onPointerLeave={() => setHovered(null)}
      {...dragHandlers}
    >
      {items}
    </ol>
  );
}
