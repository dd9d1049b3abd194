import { describe, expect, it } from 'vitest';
import { countChartProps, seriesValues } from './chart-axes';

describe('count chart axes', () => {
  it('allows whole ticks only, as many as the counts need, up to five', () => {
    expect(countChartProps('en', [0, 1, 1]).yAxisProps).toEqual({ allowDecimals: false, tickCount: 2 });
    expect(countChartProps('en', [0, 0]).yAxisProps.tickCount).toBe(2);
    expect(countChartProps('en', []).yAxisProps.tickCount).toBe(2);
    expect(countChartProps('en', [2, 1]).yAxisProps.tickCount).toBe(3);
    expect(countChartProps('en', [3]).yAxisProps.tickCount).toBe(4);
    expect(countChartProps('en', [4]).yAxisProps.tickCount).toBe(5);
    expect(countChartProps('en', [1200, 7]).yAxisProps).toEqual({ allowDecimals: false, tickCount: 5 });
  });

  it('writes the values in the UI language', () => {
    expect(countChartProps('en', [1]).valueFormatter(12345)).toBe('12,345');
    expect(countChartProps('ja', [1]).valueFormatter(12345)).toBe('12,345');
  });

  it('reads the values of the named series', () => {
    const data = [
      { label: '2026/01', sites: 1, visits: 4 },
      { label: '2026/02', sites: 2 },
    ];
    expect(seriesValues(data, ['sites', 'visits'])).toEqual([1, 4, 2, 0]);
  });
});
