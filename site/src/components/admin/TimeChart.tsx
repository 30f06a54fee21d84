import { useMemo } from 'react';
import UPlotChart, { type TChartSeries } from '../ui/UPlotChart.tsx';

interface Props {
  title: string;
  /** Start of each UTC day, ISO. */
  days: string[];
  series: TChartSeries[];
  /** How a value reads on the axis and in the legend. */
  format?: (value: number) => string;
}

const whole = (v: number) => v.toLocaleString('en-US');

/** One admin chart: a titled card around the site's uPlot chart, one point per day. */
export default function TimeChart({ title, days, series, format = whole }: Props) {
  const xs = useMemo(() => days.map((d) => Date.parse(d) / 1000), [days]);
  return (
    <figure className="card admin-chart">
      <figcaption className="admin-panel-title">{title}</figcaption>
      <UPlotChart xs={xs} series={series} height={220} format={format} className="admin-chart-plot" label={`${title} chart`} />
    </figure>
  );
}
