import { FIRST_SCREEN_SLOTS } from '../../../../core/first-screen.ts';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';

/** Walls up to this many slots render whole; larger ones only the rows near the viewport. */
export const WINDOW_FROM = 60;
/**
 * Rows rendered above and below the viewport: about as far as the browser's own lazy loading looks
 * ahead (~1,250 px), so thumbnails are fetched and decoded before they scroll into view (with 2 rows
 * they arrived late and the scroll waited on them); Tab and drag always find the next row there.
 */
const OVERSCAN_ROWS = 6;
/** Rows rendered beyond the first screen while it is being drawn: its slots come first, the rest after. */
const FIRST_SCREEN_OVERSCAN = 1;
/**
 * Slots the overscan grows by per frame once the whole wall is in: about 3 slots' render, layout
 * and paint stay under 50 ms on a phone-speed CPU (4x slowdown); a row (~7 slots) took 60-70 ms.
 */
const GROW_SLOTS = 3;
/**
 * Slots rendered before the wall is first measured: as many as the server draws into /gallery, so
 * the hydrating render is the server's; the measured window replaces them before the next paint.
 */
const FIRST_SLOTS = FIRST_SCREEN_SLOTS;

/** The wall's shape as the browser laid it out (CSS decides the columns and slot sizes). */
interface TGeometry {
  cols: number;
  colWidth: number;
  colGap: number;
  rowHeight: number;
  rowGap: number;
  /** The list's top in document coordinates. */
  top: number;
}

export interface TWallWindow {
  /** Slot numbers rendered: first..last. */
  first: number;
  last: number;
  /** The wall's slot count when only part of it is rendered (each slot's aria-setsize), else undefined. */
  setSize: number | undefined;
  /** The list's style: the whole wall's height when its slots are placed (the scrollbar stays true). */
  style: CSSProperties | undefined;
  /**
   * Where slot n sits once the wall is measured and windowed (one object per slot, kept while the
   * shape holds), or undefined while the grid places the slots itself.
   */
  placeOf(slot: number): CSSProperties | undefined;
}

function measure(list: HTMLElement): TGeometry | null {
  const item = list.firstElementChild;
  if (!(item instanceof HTMLElement)) return null;
  const css = getComputedStyle(list);
  const tracks = css.gridTemplateColumns.split(' ').filter(Boolean);
  // A placed slot is as wide as the column was when it was placed: size it to the column now, so
  // its height is the one it will have (the next render sets the same width).
  if (item.style.position === 'absolute' && tracks[0]) item.style.width = tracks[0];
  const rowHeight = item.getBoundingClientRect().height;
  if (!tracks.length || rowHeight <= 0) return null;
  return {
    cols: tracks.length,
    colWidth: parseFloat(tracks[0]!),
    colGap: parseFloat(css.columnGap) || 0,
    rowHeight,
    rowGap: parseFloat(css.rowGap) || 0,
    top: list.getBoundingClientRect().top + window.scrollY,
  };
}

/** Slots rendered: first..last (1-based). */
interface TSlotRange {
  first: number;
  last: number;
}

/**
 * The slots in or near the viewport, from the page's scroll position and the wall's measured shape:
 * the rows in view, and `overscan` slots before and after them (slots, not rows, so the window can
 * grow a few slots at a time).
 */
function slotsInView(geometry: TGeometry, count: number, overscan: number): TSlotRange {
  const pitch = geometry.rowHeight + geometry.rowGap;
  const top = window.scrollY - geometry.top;
  const rows = Math.ceil(count / geometry.cols);
  const clamp = (row: number) => Math.min(rows - 1, Math.max(0, row));
  return {
    first: Math.max(1, clamp(Math.floor(top / pitch)) * geometry.cols + 1 - overscan),
    last: Math.min(count, (clamp(Math.floor((top + window.innerHeight) / pitch)) + 1) * geometry.cols + overscan),
  };
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
const same = (a: TGeometry | null, b: TGeometry | null) =>
  a === b
  || (!!a
    && !!b
    && a.cols === b.cols
    && near(a.rowHeight, b.rowHeight)
    && near(a.colWidth, b.colWidth)
    && near(a.colGap, b.colGap)
    && near(a.rowGap, b.rowGap)
    && near(a.top, b.top));

/**
 * The window of a slot wall: which slots to render so that only the rows near the viewport exist
 * in the DOM. The CSS grid decides the shape (columns from its tracks, one height for every slot of
 * a layout), measured from the first slots it lays out, and again whenever the wall or the page
 * above it changes size. From then on each rendered slot is placed at its own row and column and
 * the list keeps the whole wall's height, so the scrollbar, the page height and the keyboard behave
 * as if every slot were there, and a row coming or going moves nothing else (no relayout or repaint
 * of the slots already shown). The window follows the page's scroll, and the wall re-renders only
 * when a row enters or leaves it.
 */
export function useWallWindow(listRef: RefObject<HTMLElement | null>, count: number, enabled: boolean, shapeKey: string, firstScreen = false): TWallWindow {
  const [geometry, setGeometry] = useState<TGeometry | null>(null);
  const windowed = enabled && count > WINDOW_FROM;
  // Whether a shape has been committed: until then the grid places the first slots itself, as the
  // server drew them, so placing them by the shape can wait (below).
  const hasShape = useRef(false);
  useLayoutEffect(() => {
    hasShape.current = geometry !== null;
  }, [geometry]);

  const remeasure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = measure(list);
    const apply = () => setGeometry((old) => (same(old, next) ? old : next));
    // The first shape only places slots where the grid already shows them: it renders as a
    // transition, in slices after the page has taken over (hydration's commit stays short), where
    // a later change of shape renders before the next paint so the wall never shows the old one.
    if (hasShape.current) apply();
    else startTransition(apply);
  }, [listRef]);

  // Measured before paint on every change of shape (the first, the server's, rendered in a transition:
  // remeasure), then kept true by resize observers: the wall's own width, and the page around it
  // (banners and panels above it load and fold).
  useLayoutEffect(remeasure, [remeasure, count, shapeKey, windowed]);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || !windowed) return;
    const observer = new ResizeObserver(remeasure);
    observer.observe(list);
    if (list.parentElement) observer.observe(list.parentElement);
    return () => observer.disconnect();
  }, [listRef, remeasure, windowed]);

  const cols = geometry?.cols ?? 1;
  const rows = Math.ceil(count / cols);
  // While the first screen is drawn, one row beyond it; once the whole wall is in, the overscan grows
  // a few slots per frame up to its full depth: each step's slots (their render, layout and photo
  // requests) stay one short task even on a slow phone, instead of five rows' in the frame the wall
  // arrives (often mid-scroll), or a row's in one task.
  const fullOverscan = (firstScreen ? FIRST_SCREEN_OVERSCAN : OVERSCAN_ROWS) * cols;
  const [overscan, setOverscan] = useState(fullOverscan);
  useEffect(() => {
    if (overscan >= fullOverscan) {
      if (overscan > fullOverscan) setOverscan(fullOverscan);
      return;
    }
    // A transition: the step's render yields to the browser in slices, its commit adds the few slots.
    const frame = requestAnimationFrame(() => startTransition(() => setOverscan((o) => Math.min(fullOverscan, o + GROW_SLOTS))));
    return () => cancelAnimationFrame(frame);
  }, [overscan, fullOverscan]);
  // The slots shown, for the shape they were worked out for; a new shape works them out afresh.
  const [range, setRange] = useState<TSlotRange & { of: TGeometry | null; count: number; overscan: number }>({
    first: 1,
    last: 1,
    of: null,
    count: 0,
    overscan,
  });
  const stale = range.of !== geometry || range.count !== count || range.overscan !== overscan;
  const { first, last } = windowed && geometry && stale ? slotsInView(geometry, count, overscan) : range;

  // The slots follow the page's scroll: a passive listener works out the slots in view (every row is
  // one height) and renders only when they change, about once per row scrolled, never per event.
  // The window just rendered is the one worked out for this render: it is taken as it is, not read
  // again here, where reading the scroll position would lay out the new slots inside this task.
  useLayoutEffect(() => {
    if (!windowed || !geometry) return;
    let shown: TSlotRange = { first, last };
    if (stale) setRange({ first, last, of: geometry, count, overscan });
    const follow = () => {
      const next = slotsInView(geometry, count, overscan);
      if (next.first === shown.first && next.last === shown.last) return;
      shown = next;
      setRange({ ...next, of: geometry, count, overscan });
    };
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', follow, { passive: true });
    return () => {
      window.removeEventListener('scroll', follow);
      window.removeEventListener('resize', follow);
    };
    // first, last and stale are this render's window for these values: the effect re-runs when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [windowed, geometry, count, overscan]);

  // Each slot's place is one object per shape, so a slot re-renders only when its own data changes.
  const places = useMemo(() => {
    const cache = new Map<number, CSSProperties>();
    return (slot: number): CSSProperties | undefined => {
      if (!windowed || !geometry) return undefined;
      let place = cache.get(slot);
      if (!place) {
        const index = slot - 1;
        place = {
          position: 'absolute',
          top: Math.floor(index / geometry.cols) * (geometry.rowHeight + geometry.rowGap),
          left: (index % geometry.cols) * (geometry.colWidth + geometry.colGap),
          width: geometry.colWidth,
        };
        cache.set(slot, place);
      }
      return place;
    };
  }, [windowed, geometry]);

  // One object per window, so the wall re-renders its slots only when the window moves.
  return useMemo((): TWallWindow => {
    if (!windowed) return { first: 1, last: count, setSize: undefined, style: undefined, placeOf: places };
    if (!geometry) return { first: 1, last: Math.min(count, FIRST_SLOTS), setSize: count, style: undefined, placeOf: places };
    return {
      first,
      last,
      setSize: count,
      style: { height: rows * (geometry.rowHeight + geometry.rowGap) - geometry.rowGap },
      placeOf: places,
    };
  }, [windowed, geometry, count, rows, first, last, places]);
}
