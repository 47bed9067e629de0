/**
 * The subscriber figures over time (`GET /api/v1/subscriptions/metrics`, contract/subscription-metrics.ts):
 * the API answers the figures as of now only, so the console keeps the readings it has taken in
 * this tab and charts them. Pure functions: which readings to keep, and where they fall on a chart.
 */
import type { SubscriptionMetrics } from '../../../contract/subscription-metrics';

/** Readings kept for the chart (at one every 2 s, the last minute and a half or so). */
export const maxReadings = 48;

/**
 * `readings` with `next` appended, unless it repeats the last one's instant (a cached answer seen
 * twice); the oldest are dropped beyond {@link maxReadings}. Readings are in `asOf` order as taken.
 */
export function addReading(
  readings: readonly SubscriptionMetrics[],
  next: SubscriptionMetrics,
): SubscriptionMetrics[] {
  const last = readings[readings.length - 1];
  if (last !== undefined && last.asOf === next.asOf) return [...readings];
  return [...readings, next].slice(-maxReadings);
}

/**
 * The SVG polyline points of `values` in a `width` × `height` box: evenly spaced left to right,
 * zero at the bottom, the largest value at the top (a flat zero line when all are zero). One value
 * is drawn as a level line across the box.
 */
export function chartPoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const top = Math.max(...values);
  const y = (value: number) => (top === 0 ? height : height - (value / top) * height);
  const spaced = values.length === 1 ? [values[0] ?? 0, values[0] ?? 0] : values;
  const step = width / (spaced.length - 1);
  return spaced.map((value, i) => `${round(i * step)},${round(y(value))}`).join(' ');
}

const round = (n: number) => Math.round(n * 10) / 10;
