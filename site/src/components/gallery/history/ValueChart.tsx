import { useMemo } from 'react';
import type { TValuePoint } from '../../../../../core/contracts/csv.types.ts';
import UPlotChart from '../../ui/UPlotChart.tsx';
import { formatShortDate } from '../../../../../core/format.ts';

const compact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const axisMoney = (cents: number) => compact.format(cents / 100);
const day = (seconds: number) => formatShortDate(seconds * 1000);

/**
 * A value over time as steps (a value holds until it changes), drawn with the site's one chart
 * (uPlot). Loaded on demand: only the viewer and the insights panel import it.
 */
export default function ValueChart({ points, label, height, legend = false }: { points: TValuePoint[]; label: string; height: number; legend?: boolean }) {
  const xs = useMemo(() => points.map((p) => Date.parse(p.at) / 1000), [points]);
  const series = useMemo(() => [{ label, values: points.map((p) => p.cents), color: '--accent', stepped: true, dots: points.length <= 30 }], [points, label]);
  return (
    <UPlotChart
      xs={xs}
      series={series}
      height={height}
      format={axisMoney}
      formatTime={day}
      legend={legend}
      axisSize={52}
      fromZero={false}
      className="vh-plot"
      label={`${label} chart`}
    />
  );
}
