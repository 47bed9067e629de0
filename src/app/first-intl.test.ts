/**
 * ICU's head start (src/app/first-intl.ts; decision 0043): the frame's first paint never waits for
 * it, and it is a task of its own after that paint.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { startIntlAfterFirstPaint } from './first-intl';

/** `Intl` with formatters that count how often they are built. */
function countingIntl() {
  const built: string[] = [];
  class NumberFormat {
    constructor() {
      built.push('number');
    }
    format() {
      return '';
    }
  }
  class DateTimeFormat {
    constructor() {
      built.push('date');
    }
    formatToParts() {
      return [];
    }
  }
  vi.stubGlobal('Intl', { NumberFormat, DateTimeFormat });
  return built;
}

/** A `PerformanceObserver` whose paints the test reports. */
function paintsReportedByTest(entryTypes: string[]) {
  const observers: ((names: string[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = entryTypes;
    constructor(
      private readonly callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void,
    ) {}
    observe() {
      observers.push((names) => {
        this.callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
      });
    }
    disconnect() {
      observers.length = 0;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (...names: string[]) => {
    for (const report of [...observers]) report(names);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('ICU starts in a task of its own after the first contentful paint, never before it', () => {
  vi.useFakeTimers();
  const built = countingIntl();
  const paint = paintsReportedByTest(['paint', 'longtask']);
  startIntlAfterFirstPaint();
  vi.runAllTimers();
  expect(built).toEqual([]);
  paint('first-paint');
  vi.runAllTimers();
  expect(built).toEqual([]);
  paint('first-contentful-paint');
  // Not in the observer's callback: a task of its own.
  expect(built).toEqual([]);
  vi.runAllTimers();
  expect(built).toEqual(['number', 'date']);
  paint('first-contentful-paint');
  vi.runAllTimers();
  expect(built).toEqual(['number', 'date']);
});

test('a browser that reports no paints starts ICU at once', () => {
  const built = countingIntl();
  paintsReportedByTest(['navigation']);
  startIntlAfterFirstPaint();
  expect(built).toEqual(['number', 'date']);
});

test('a browser without Intl formatting loses only the head start', () => {
  vi.stubGlobal('Intl', {});
  paintsReportedByTest(['navigation']);
  expect(() => startIntlAfterFirstPaint()).not.toThrow();
});
