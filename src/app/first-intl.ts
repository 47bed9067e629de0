/**
 * Starts the browser's number and date formatting from the document's inline script (issue 25;
 * src/app/first-reads-inline.ts; docs/decisions/0043-first-view-work-in-short-tasks.md), once the
 * frame has painted, while the rest of the document and the first reads are still on the network.
 *
 * The first `Intl` formatter a page builds pays a one-time start of the browser's ICU data, in one
 * piece: 23 to 52 ms of this machine's Chromium, four times that on a cheap phone; the first date
 * formatter then loads the calendar's and the time zone's data (4 to 11 ms more). Every hosted
 * page's first view writes an amount and a date (src/lib/format.ts), so these are on its path
 * either way; paid here they fall while the phone waits for bytes, instead of in the first view's
 * render once the document is complete. The formatters built here, with format.ts's own options
 * (src/lib/intl-formats.ts), are thrown away: `format.ts` builds its own, per language, each then
 * well under a millisecond.
 */
import { lagosPartsFormat, nairaFormat } from '../lib/intl-formats';

function startIntl(): void {
  new Intl.NumberFormat('en-NG', nairaFormat).format(0);
  new Intl.DateTimeFormat('en-NG', lagosPartsFormat).formatToParts(0);
}

/**
 * Starts ICU in a task of its own once the frame's first contentful paint is on the screen, so
 * the frame never waits for it (the floor's script, too, builds its formatters after its frame);
 * at once in a browser that does not report paints. A page that never paints (a tab opened in the
 * background) pays the start in its first render instead. Never throws.
 */
export function startIntlAfterFirstPaint(): void {
  try {
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint')
    ) {
      startIntl();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(startIntl, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // Only a head start: `format.ts` builds its formatters when it needs them.
  }
}
