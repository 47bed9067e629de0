/**
 * ICU's start on a worker's thread (src/app/first-intl.ts; decision 0044): the main thread builds
 * no formatter, the worker builds format.ts's own, and the worker and its URL are let go once it
 * reports or fails.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, expect, test, vi } from 'vitest';
import { lagosPartsFormat, nairaFormat } from '../lib/intl-formats';
import { icuStartScript, startIntlOffTheMainThread } from './first-intl';

/** `Intl` with formatters that record what they were built with. */
function recordingIntl() {
  const built: [string, string, unknown][] = [];
  class NumberFormat {
    constructor(locale: string, options: unknown) {
      built.push(['number', locale, options]);
    }
    format(value: number) {
      built.push(['number.format', '', value]);
      return '';
    }
  }
  class DateTimeFormat {
    constructor(locale: string, options: unknown) {
      built.push(['date', locale, options]);
    }
    formatToParts(value: number) {
      built.push(['date.formatToParts', '', value]);
      return [];
    }
  }
  return { built, Intl: { NumberFormat, DateTimeFormat } };
}

/** `Worker` and `URL`'s blob functions, recording what the page does with them. */
function recordingWorkers() {
  const workers: FakeWorker[] = [];
  const revoked: string[] = [];
  const blobs = new Map<string, Blob>();
  class FakeWorker {
    onmessage: ((event: Event) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    terminated = false;
    constructor(readonly url: string) {
      workers.push(this);
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
  return { workers, revoked, blobs };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("the worker's script builds format.ts's naira and Lagos formatters, then reports", () => {
  const { built, Intl } = recordingIntl();
  const postMessage = vi.fn();
  runInNewContext(icuStartScript(), { Intl, postMessage });
  // Each used once: building a formatter alone does not load all of its data.
  expect(built).toEqual([
    ['number', 'en-NG', nairaFormat],
    ['number.format', '', 0],
    ['date', 'en-NG', lagosPartsFormat],
    ['date.formatToParts', '', 0],
  ]);
  expect(postMessage).toHaveBeenCalledTimes(1);
});

test('the page starts a worker from a blob of that script and builds no formatter itself', async () => {
  const { built, Intl } = recordingIntl();
  vi.stubGlobal('Intl', Intl);
  const { workers, blobs } = recordingWorkers();
  startIntlOffTheMainThread();
  expect(workers).toHaveLength(1);
  expect(await blobs.get(workers[0]?.url ?? '')?.text()).toBe(icuStartScript());
  expect(built).toEqual([]);
});

test.each(['onmessage', 'onerror'] as const)(
  'the worker ends and its URL is freed once it reports (%s)',
  (handler) => {
    const { workers, revoked } = recordingWorkers();
    startIntlOffTheMainThread();
    const [worker] = workers;
    expect(worker?.terminated).toBe(false);
    expect(revoked).toEqual([]);
    const event = new Event(handler.slice(2), { cancelable: true });
    worker?.[handler]?.(event);
    // An error of the worker's is handled here, not reported again as the page's own.
    expect(event.defaultPrevented).toBe(handler === 'onerror');
    expect(worker?.terminated).toBe(true);
    expect(revoked).toEqual([worker?.url]);
  },
);

test('a browser that refuses the worker, or has none, loses only the head start', () => {
  const { built, Intl } = recordingIntl();
  vi.stubGlobal('Intl', Intl);
  const { blobs, revoked } = recordingWorkers();
  vi.stubGlobal(
    'Worker',
    vi.fn(function refusedByTheCsp() {
      throw new DOMException('refused by the CSP', 'SecurityError');
    }),
  );
  expect(() => startIntlOffTheMainThread()).not.toThrow();
  // The blob's URL made for the refused worker is freed.
  expect(revoked).toEqual([...blobs.keys()]);
  expect(revoked).toHaveLength(1);
  vi.stubGlobal('Worker', undefined);
  expect(() => startIntlOffTheMainThread()).not.toThrow();
  expect(blobs.size).toBe(1);
  expect(built).toEqual([]);
});
