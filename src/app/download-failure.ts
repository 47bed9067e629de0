/**
 * When the app's own code cannot be downloaded (a weak or lost network), the page's frame
 * (`index.html`, docs/decisions/0020-first-paint-frame-and-failure-bound.md) says so instead of
 * "Loading…" for ever, and offers to try again, which reloads the page (the link's token is still
 * in the address, or kept for this tab). Written with the DOM alone: nothing of the app, its
 * renderer or its messages has arrived. In English, like the frame it replaces; once the app runs,
 * its own views (in the customer's language) report every later failure.
 *
 * The page document's inline script (src/app/first-reads-inline.ts) watches the app's code from
 * before it is parsed ({@link watchCodeDownload}): when the code the document carries did not run
 * (the document arrived cut short: the parser drops a script element it never saw the end of), or a script file of
 * the app cannot be downloaded, no code of the app runs at all, so nothing else could say so.
 */
import { carriedCodeRegistry } from './carried-code';

/** The frame's status line says the download failed, with a "Try again" button; once only. */
export function showDownloadFailure(root: HTMLElement | null = document.getElementById('root')) {
  const status = root?.querySelector('[role="status"]');
  if (status === null || status === undefined || status.hasAttribute('data-failed')) return;
  status.setAttribute('data-failed', '');
  status.textContent = 'This page could not load. Check your connection, then try again.';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.textContent = 'Try again';
  retry.addEventListener('click', () => window.location.reload());
  status.after(retry);
}

/**
 * Shows the download failure ({@link showDownloadFailure}) when the document has been parsed and
 * the code it carries has not run (a document's module scripts run before `DOMContentLoaded`;
 * the carried code's first act is to create {@link carriedCodeRegistry}), or when a script element
 * of the page fails to load: the entry's module script, in a browser without import maps, fires
 * `error` when its file or any module it imports statically could not be downloaded (an `error`
 * event does not bubble, so this listens while capturing). Installed once, by the page document's
 * inline script, before the rest of the document is parsed.
 */
export function watchCodeDownload(target: Window = window): void {
  target.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLScriptElement) showDownloadFailure();
    },
    true,
  );
  target.document.addEventListener('DOMContentLoaded', () => {
    if (!(carriedCodeRegistry in target)) showDownloadFailure();
  });
}
