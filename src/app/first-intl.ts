/**
 * Starts the browser's number and date formatting from the document's inline script (issue 25;
 * src/app/first-reads-inline.ts), while the rest of the document and the first reads are still on
 * the network.
 *
 * The first `Intl` formatter a page builds pays a one-time start of the browser's ICU data, in one
 * piece: 30 to 50 ms of this machine's Chromium, four times that on a cheap phone; the first date
 * formatter then loads the calendar's and the time zone's data (5 to 10 ms more). Every hosted
 * page's first view writes an amount and a date (src/lib/format.ts), so these are on its path
 * either way; paid here they fall while the phone waits for bytes, instead of in the first view's
 * render once the document is complete. The formatters built here are thrown away: `format.ts`
 * builds its own, per language, each then well under a millisecond.
 */
export function startIntl(): void {
  new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency: 'NGN',
    currencyDisplay: 'narrowSymbol',
  }).format(0);
  new Intl.DateTimeFormat('en-NG', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(0);
}
