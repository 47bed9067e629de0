/**
 * Puts text on the clipboard, in the browsers customers use: the async Clipboard API where it is
 * allowed, else the old selection + `execCommand('copy')`, which in-app browsers of email apps on
 * iOS and Android (WKWebView, Android WebView) often still need: there `navigator.clipboard` is
 * missing or rejects.
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

/** Copies `text`; resolves to whether it worked. Never rejects. */
export async function copyText(text: string): Promise<boolean> {
  // Feature check on purpose: older webviews have no navigator.clipboard at all.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (navigator.clipboard !== undefined && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission denied or not focused: try the fallback.
    }
  }
  return copyWithSelection(text);
}
