/**
 * Puts text on the clipboard, in the browsers customers use: the async Clipboard API where it is
 * allowed, else the old selection + `execCommand('copy')`, which in-app browsers of email apps on
 * iOS and Android (WKWebView, Android WebView) often still need: there `navigator.clipboard` is
 * missing or rejects. When neither works the caller says so, and the payer selects the text shown
 * on the page by hand.
 */

function copyWithSelection(text: string): boolean {
  const previousFocus =
    document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  // Read-only keeps the iOS keyboard closed; the class keeps it out of sight without an inline
  // style attribute (the CSP has no 'unsafe-inline' for styles).
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.tabIndex = -1;
  area.className = 'copy-buffer';
  document.body.append(area);
  let copied = false;
  try {
    area.focus({ preventScroll: true });
    area.select();
    // iOS ignores select() on read-only fields; an explicit range is needed there.
    area.setSelectionRange(0, text.length);
    // The deprecated call is the fallback on purpose: it is the only one webviews support.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    previousFocus?.focus({ preventScroll: true });
  }
  return copied;
}

/** `navigator.clipboard.writeText` where the page may use it, else null. */
function clipboardWriter(): ((text: string) => Promise<void>) | null {
  // Feature check on purpose: older webviews have no navigator.clipboard at all (the DOM types
  // say it is always there), and it is only allowed in a secure context.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!window.isSecureContext || typeof clipboard?.writeText !== 'function') return null;
  return (value) => clipboard.writeText(value);
}

/**
 * Copies `text`; resolves to whether it worked. Never rejects. Call it straight from the click
 * (or tap) handler: every decision before a copy is made synchronously, inside the user's
 * gesture, which iOS WebKit requires of `execCommand('copy')`.
 *
 * - No usable Clipboard API (missing, not a secure context, or `writeText` throws at once): the
 *   selection copy runs synchronously, within the tap.
 * - Otherwise `writeText` is called synchronously; if it rejects (permission denied, webview
 *   without clipboard access), the selection copy is tried as a fallback. Chromium still counts
 *   that as part of the tap; WebKit may not, and then this resolves to false.
 *
 * When this resolves to false, the caller must tell the payer to select the visible text and copy
 * it by hand (`en.common.copyFailed`): the text stays on the page, selectable, as the last resort.
 */
export function copyText(text: string): Promise<boolean> {
  const write = clipboardWriter();
  if (write === null) return Promise.resolve(copyWithSelection(text));
  let written: Promise<void>;
  try {
    written = write(text);
  } catch {
    // A broken implementation that throws instead of rejecting: still inside the tap.
    return Promise.resolve(copyWithSelection(text));
  }
  return written.then(
    () => true,
    () => copyWithSelection(text),
  );
}
