/**
 * Entry point: the whole app's start, in one chunk with everything the app renders first, less
 * the libraries, a chunk of their own (the page's own code is its route's chunk). In a build,
 * every page's document carries them inline (docs/decisions/0042), and the page's first reads
 * were sent by the document's inline script while the HTML was parsed
 * (src/app/first-reads-inline.ts; docs/decisions/0028-first-reads-before-the-code.md). Here the
 * page's route starts (carried, or downloading) and the reads are sent for a document without
 * the inline script (`npm run dev`), the catalogs of the page's language start downloading
 * (src/app/first-language.ts), then, in a task after this module's (decision 0043), the app
 * mounts in `#root` (src/app/boot.tsx). Until it does, `index.html`'s frame shows; if this code
 * does not run, the inline script makes the frame say so (src/app/download-failure.ts).
 */
import './app/app.css';
import { boot } from './app/boot';
import { startFirstDownloads } from './app/first-downloads';
import { startFirstLanguage } from './app/first-language';

startFirstDownloads(window.location.pathname);
startFirstLanguage(window.location.pathname);
// A task of its own: the first render is not part of the long task that sets up the modules.
setTimeout(boot, 0);
