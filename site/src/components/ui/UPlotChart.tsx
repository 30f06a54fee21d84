import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import { formatShortDate } from '../../../../core/format.ts';
import 'uplot/dist/uPlot.min.css';

/** One line (or bars) of a chart. */
export interface TChartSeries {
  label: string;
  values: Array<number | null>;
  /** A CSS colour variable of the theme, e.g. '--accent'. */
  color: string;
  bars?: boolean;
  /** Draw as steps: each value holds until the next one (a value that changes at moments). */
  stepped?: boolean;
  /** Mark each point with a dot (few points, each a recorded change). */
  dots?: boolean;
}

interface Props {
  /** Each point's time, in seconds since the epoch. */
  xs: number[];
  series: TChartSeries[];
  height: number;
  /** How a value reads on the axis and in the legend. */
  format?: (value: number) => string;
  /** How a time reads in the legend. */
  formatTime?: (seconds: number) => string;
  legend?: boolean;
  /** Width of the value axis, px. */
  axisSize?: number;
  className?: string;
  label: string;
  /** The value axis starts at 0 (counts); false fits it to the data (values that move a little). */
  fromZero?: boolean;
  /** The time axis spans at least this many seconds (ending at the last point); by default it spans the data. */
  minSpan?: number;
}

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
/** A UTC day (the admin's days start at UTC midnight) in the app's one date format: 'Nov 25, 2026'. */
const utcDay = (seconds: number) => {
  const d = new Date(seconds * 1000);
  return formatShortDate(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
};

/** The last value a series holds (what its legend shows while the cursor is off the chart). */
function lastValue(values: ReadonlyArray<number | null>): number | null {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return values[i]!;
  return null;
}

/** A value axis around the data with some air, never below 0; a flat line sits mid-height. */
function fitted(min: number, max: number): [number, number] {
  const pad = max > min ? (max - min) * 0.15 : Math.max(1, Math.abs(max) * 0.1);
  return [Math.max(0, min - pad), max + pad];
}

const DAY_S = 86_400;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The time axis spans the data (docs/choices.md 47: a new account's points were squashed at the right edge of
 * a forced week): at least `minSpan` ending at the last point when asked, and two hours around data that spans less.
 */
function timeRange(min: number, max: number, minSpan: number): [number, number] {
  if (max - min < minSpan) return [max - minSpan, max];
  // Under two hours of data (a wall filled today): two hours around it, the points in the middle.
  if (max - min < 7200) {
    const pad = (7200 - (max - min)) / 2;
    return [min - pad, max + pad];
  }
  return [min, max];
}

/** The time labels for uPlot's ticks, by step: months, days, or hours (and minutes) with the day where it changes. Kept on the chart's box for tests. */
function timeLabels(el: HTMLElement, ticks: number[], incr: number): string[] {
  let day = '';
  const labels = ticks.map((t) => {
    const d = new Date(t * 1000);
    const date = `${MONTHS[d.getMonth()]} ${d.getDate()}`;
    if (incr >= 28 * DAY_S) return `${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
    if (incr >= DAY_S) return date;
    const minutes = incr < 3600 ? `:${String(d.getMinutes()).padStart(2, '0')}` : '';
    const hour = `${d.getHours() % 12 || 12}${minutes} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
    const label = date === day ? hour : `${date}, ${hour}`;
    day = date;
    return label;
  });
  el.dataset.timeLabels = labels.join('|');
  return labels;
}

/** Redraws when the theme toggles (the colours come from the theme's CSS variables). */
function useThemeKey(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'dark');
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? 'dark'));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/**
 * One uPlot time-series chart, sized to its container, in the theme's colours: the one chart of
 * the site (admin dashboard, card value history, collection total). Load it with a dynamic import
 * so only the islands that draw charts fetch uPlot.
 */
export default function UPlotChart({
  xs,
  series,
  height,
  format = (v) => v.toLocaleString('en-US'),
  formatTime = utcDay,
  legend = true,
  axisSize = 56,
  className,
  label,
  fromZero = true,
  minSpan = 0,
}: Props) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--text-muted');
    const grid = cssVar('--border');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
    const bars = uPlot.paths.bars?.({ size: [0.7, 24] });
    const steps = uPlot.paths.stepped?.({ align: 1 });
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height,
      cursor: { drag: { x: false, y: false } },
      legend: { show: legend, live: true },
      scales: {
        x: { time: true, range: (_u, min, max) => timeRange(min, max, minSpan) },
        y: { range: (_u, min, max) => (fromZero ? [0, Math.max(1, max * 1.1)] : fitted(min, max)) },
      },
      // Time labels at least 96 px apart, dated by day (or month) unless the data spans under two days (docs/choices.md 47).
      axes: [
        { ...axis, space: 96, values: (_u, ticks, _i, _space, incr) => timeLabels(el, ticks, incr) },
        { ...axis, size: axisSize, values: (_u, ticks) => ticks.map(format) },
      ],
      series: [
        // Off the chart, the legend reads the latest point (docs/choices.md 47 item 12: never an empty legend).
        { value: (_u, v, _si, idx) => (idx === null ? (xs.length ? formatTime(xs[xs.length - 1]!) : '') : v === null ? '' : formatTime(v)) },
        ...series.map((s) => {
          const color = cssVar(s.color);
          const look =
            s.bars && bars
              ? { paths: bars, fill: `${color}aa`, points: { show: false } }
              : { fill: `${color}1f`, points: { show: Boolean(s.dots), size: 6, fill: color }, ...(s.stepped && steps ? { paths: steps } : {}) };
          const latest = lastValue(s.values);
          const value = (_u: uPlot, v: number | null, _si: number, idx: number | null) => {
            const shown = idx === null ? latest : v;
            return shown === null ? '' : format(shown);
          };
          return { label: s.label, stroke: color, width: 2, value, ...look };
        }),
      ],
    };
    const chart = new uPlot(opts, [xs, ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [xs, series, theme, format, formatTime, height, legend, axisSize, fromZero, minSpan]);

  return <div ref={box} className={className} role="img" aria-label={label} />;
}
