import { formatCount } from './format';

// What every chart of counts in the console (sites, companies, plans, visits, page views...)
// passes to its @mantine/charts chart: the y axis ticks are whole numbers (no 0.25 of a site),
// and as few as the data needs, so a chart of ones and twos reads 0, 1, 2 rather than stretching
// to 4; values on the axis and in the tooltip are written in the UI language.

/** Recharts' default number of y ticks, kept once the counts are large enough to fill them. */
const MAX_TICKS = 5;

/** Chart props for counts: spread them onto a BarChart, LineChart or AreaChart. */
export function countChartProps(lang: string, values: readonly number[]) {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  return {
    yAxisProps: { allowDecimals: false, tickCount: Math.min(MAX_TICKS, Math.max(2, Math.ceil(max) + 1)) },
    valueFormatter: (n: number) => formatCount(n, lang),
  };
}

/** The numbers of every series of a chart's data, for countChartProps. */
export const seriesValues = (data: readonly Record<string, unknown>[], names: readonly string[]) =>
  data.flatMap((row) => names.map((name) => Number(row[name] ?? 0)));
