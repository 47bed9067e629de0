import { describe, expect, it } from 'vitest';
import type { SubscriptionMetrics } from '../../../contract/subscription-metrics';
import { addReading, chartPoints, maxReadings } from './figures';

const reading = (asOf: string, activeSubscribers: number): SubscriptionMetrics => ({
  mode: 'test',
  activeSubscribers,
  mrr: activeSubscribers * 5000,
  arr: activeSubscribers * 60000,
  currency: 'NGN',
  asOf,
});

describe('subscriber figures over time', () => {
  it('keeps each new reading once, and only the newest ones', () => {
    const one = addReading([], reading('2026-01-01T00:00:00Z', 1));
    expect(addReading(one, reading('2026-01-01T00:00:00Z', 1))).toHaveLength(1);
    expect(
      addReading(one, reading('2026-01-02T00:00:00Z', 2)).map((r) => r.activeSubscribers),
    ).toEqual([1, 2]);
    let many: SubscriptionMetrics[] = [];
    for (let i = 0; i < maxReadings + 5; i++)
      many = addReading(many, reading(new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), i));
    expect(many).toHaveLength(maxReadings);
    expect(many[many.length - 1]?.activeSubscribers).toBe(maxReadings + 4);
  });

  it('draws the largest value at the top and zero at the bottom', () => {
    expect(chartPoints([0, 5, 10], 100, 40)).toBe('0,40 50,20 100,0');
    expect(chartPoints([0, 0], 100, 40)).toBe('0,40 100,40');
    expect(chartPoints([3], 100, 40)).toBe('0,0 100,0');
    expect(chartPoints([], 100, 40)).toBe('');
  });
});
