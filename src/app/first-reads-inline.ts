/**
 * The inline script of every page document (scripts/page-documents.ts builds this module and what
 * it imports into one classic script, and the CSP allows it by its sha256: contract/page-inline-hashes.ts).
 * It runs while the HTML is still being parsed, before any file of the app has been asked for, and
 * sends the page's first reads (src/app/page-first-reads.ts), so the answers travel while the code
 * downloads (docs/decisions/0028-first-reads-before-the-code.md, addendum of issue 25). The app
 * takes them as started reads (src/lib/api-transport.ts), which this script and the app's modules
 * share through one registry on the page's global object. It puts the import map of the code the
 * document carries in effect (src/app/carried-code.ts), and watches the app's code: when the
 * code the document carries did not run (docs/decisions/0042), or a script file of the app cannot
 * be downloaded, the frame says so (src/app/download-failure.ts). Last, with the reads sent, it
 * has the browser's number and date formatting, which the first view needs, start on a worker's
 * thread (src/app/first-intl.ts), from a task of its own.
 */
import { installCarriedImports } from './carried-code';
import { watchCodeDownload } from './download-failure';
import { startIntlOffTheMainThread } from './first-intl';
import { startPageFirstReads } from './page-first-reads';

installCarriedImports();
watchCodeDownload();
startPageFirstReads(window.location.pathname);
// A task of its own: making the worker's blob and the worker costs the main thread a few
// milliseconds, which the parse of the document's first bytes does not wait for.
setTimeout(startIntlOffTheMainThread, 0);
