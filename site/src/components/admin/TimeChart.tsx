import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface TChartSeries {
  label: string;
  values: number[];
  /** A CSS colour variable of the theme, e.g. '--accent'. */
  color: string;
  bars?: boolean;
}

interface Props {
  title: string;
  /** Start of each UTC day, ISO. */
  days: string[];
  series: TChartSeries[];
  /** How a value reads on the axis and in the legend. */
  format?: (value: number) => string;
}

const HEIGHT = 220;
const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

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

/** One uPlot time-series chart, sized to its container, in the theme's colours. */
export default function TimeChart({ title, days, series, format = (v) => v.toLocaleString('en-US') }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--text-muted');
    const grid = cssVar('--border');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
    const bars = uPlot.paths.bars?.({ size: [0.7, 24] });
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: HEIGHT,
      cursor: { drag: { x: false, y: false } },
      legend: { show: true, live: true },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [axis, { ...axis, size: 56, values: (_u, ticks) => ticks.map(format) }],
      series: [
        { value: (_u, v) => (v === null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        ...series.map((s) => {
          const color = cssVar(s.color);
          return {
            label: s.label, stroke: color, width: 2, value: (_u: uPlot, v: number | null) => (v === null ? '' : format(v)),
            ...(s.bars && bars ? { paths: bars, fill: `${color}aa`, points: { show: false } } : { fill: `${color}1f`, points: { show: false } }),
          };
        }),
      ],
    };
    const data: uPlot.AlignedData = [days.map((d) => Date.parse(d) / 1000), ...series.map((s) => s.values)];
    const chart = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, theme, format]);

  return (
    <figure className="card admin-chart">
      <figcaption className="admin-panel-title">{title}</figcaption>
      <div ref={box} className="admin-chart-plot" role="img" aria-label={`${title} chart`} />
    </figure>
  );
}
