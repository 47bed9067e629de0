/**
 * Entry point. First, before anything else of the app has arrived, the page's first reads and its
 * own code start downloading (src/app/first-downloads.ts); then the app itself (src/app/boot.tsx),
 * which the HTML already preloads, mounts in `#root`
 * (docs/decisions/0028-first-reads-before-the-code.md). Until it does, `index.html`'s frame shows;
 * if the app cannot be downloaded, the frame says so (src/app/download-failure.ts).
 */
import './app/app.css';
import { showDownloadFailure } from './app/download-failure';
import { startFirstDownloads } from './app/first-downloads';

startFirstDownloads(window.location.pathname);

void import('./app/boot').then(
  ({ boot }) => boot(),
  () => showDownloadFailure(),
);
