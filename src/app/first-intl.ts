/**
 * Starts the browser's number and date formatting off the main thread, from the document's inline
 * script (issue 25; src/app/first-reads-inline.ts; docs/decisions/0044-icu-starts-in-a-worker.md),
 * while the rest of the document and the first reads are still on the network.
 *
 * The first `Intl` formatter a page builds pays a one-time start of the browser's ICU data, in one
 * piece: 17 to 53 ms of this machine's Chromium, four times that on a cheap phone; the first date
 * formatter then loads the calendar's and the time zone's data (3 to 9 ms more). Every hosted
 * page's first view writes an amount and a date (src/lib/format.ts), so this start is on its path.
 * The browser keeps what it loads once per renderer process, not per thread: a worker that builds
 * the same formatters (with format.ts's own options, src/lib/intl-formats.ts) pays the start on a
 * thread of its own, and the main thread's first formatter then costs under a millisecond
 * (measured: 0.0 to 0.4 ms after a worker's start, 17 to 53 ms without). Where the main thread
 * asks while the worker is still at it, it waits for the rest of that start.
 */
import { lagosPartsFormat, nairaFormat } from '../lib/intl-formats';

/**
 * The worker's whole script: the two formatters, one use of each, then a message that it is done.
 * Built from format.ts's options (in `en-NG`; format.ts may use the customer's language where the
 * browser has its data), so ICU's start and the naira and Lagos data are what the first view uses.
 */
export function icuStartScript(): string {
  return [
    `new Intl.NumberFormat('en-NG', ${JSON.stringify(nairaFormat)}).format(0);`,
    `new Intl.DateTimeFormat('en-NG', ${JSON.stringify(lagosPartsFormat)}).formatToParts(0);`,
    'postMessage(0);',
  ].join('\n');
}

/**
 * Starts ICU in a dedicated worker made from a `blob:` URL (the CSP's `worker-src blob:` allows
 * it and nothing else), and ends the worker and frees its URL once it reports, or fails. Nothing
 * runs on the main thread but the worker's creation. Where workers are unavailable or refused
 * (Safari throws at once; Chromium and Firefox report an error event), `format.ts`'s first
 * formatter pays the start in the first render instead. Never throws.
 */
export function startIntlOffTheMainThread(): void {
  if (typeof Worker !== 'function') return;
  let url: string | undefined;
  try {
    url = URL.createObjectURL(new Blob([icuStartScript()], { type: 'text/javascript' }));
    const worker = new Worker(url);
    const end = () => {
      worker.terminate();
      if (url !== undefined) URL.revokeObjectURL(url);
    };
    worker.onmessage = end;
    worker.onerror = (event) => {
      // Handled: the worker's error is not reported again as the page's own.
      event.preventDefault();
      end();
    };
  } catch {
    // Only a head start: `format.ts` builds its formatters when it needs them.
    if (url !== undefined) URL.revokeObjectURL(url);
  }
}
