/**
 * A hosted page's first load (docs/decisions/0028-first-reads-before-the-code.md and
 * 0042-first-view-code-in-the-document.md): the page's document carries the code of its first
 * view, which waits for no file; its inline script sends the page's first reads as the HTML is
 * parsed, before the carried code runs; later code imports the carried modules through their
 * stand-ins, never a second copy; it starts ICU on a worker's thread (0044); the document's
 * stylesheet is the only one, so later code asks for none; a document cut short says so.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCheckoutPayment, createInvoiceSubscription } from './checkout-api';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { holdBackBuildFiles, scriptsOfDocument } from './page-document';

interface HostedPageCase {
  name: string;
  link: () => Promise<string>;
  /** The API read every first view makes, by its path. */
  readPath: RegExp;
  firstView: (page: Page) => Locator;
}

const callbackUrl = 'https://merchant.example.com/billing/return';

const cases: HostedPageCase[] = [
  {
    name: 'setup',
    link: async () => (await createSubscriptionWithSetupLink({ callbackUrl })).setupUrl,
    readPath: /^\/direct-debit\/setup$/,
    firstView: (page) => page.getByRole('combobox', { name: 'Search banks' }),
  },
  {
    name: 'checkout',
    link: async () => (await createCheckoutPayment({})).checkoutUrl,
    readPath: /^\/checkout\/osp_/,
    firstView: (page) => page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' }),
  },
  {
    name: 'invoice',
    link: async () => {
      const { invoice } = await createInvoiceSubscription({ callbackUrl });
      if (invoice.checkoutUrl === null) throw new Error('The initial invoice has no checkoutUrl');
      return invoice.checkoutUrl;
    },
    readPath: /^\/invoices\/inv_/,
    firstView: (page) => page.getByRole('heading', { level: 1, name: 'Pay your invoice' }),
  },
];

function isRead(request: { url(): string; headers(): Record<string, string> }, path: RegExp) {
  const headers = request.headers();
  const hasToken = 'x-direct-debit-token' in headers || 'x-checkout-token' in headers;
  return hasToken && path.test(new URL(request.url()).pathname);
}

/**
 * The document at `path` as the sandbox sends it, with `change` made to its HTML (headers kept).
 * The page's API read at the same path (the checkout's and invoice's) goes through untouched.
 */
async function serveChangedDocument(page: Page, path: string, change: (html: string) => string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (!route.request().isNavigationRequest()) return route.fallback();
      const response = await route.fetch();
      await route.fulfill({ response, body: change(await response.text()) });
    },
  );
}

const carriedModule = /<script type="module">[\s\S]*?<\/script>/;

for (const pageCase of cases) {
  test(`the ${pageCase.name} page's document carries all the code of its first view`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    const { named } = await scriptsOfDocument(page, link.pathname);
    expect(named).toEqual(new Set());
    // Every file of the build waits until the first view has shown: the first view needs none of
    // them (the live flow downloads meanwhile, and takes over after).
    const { release } = await holdBackBuildFiles(page);
    await page.goto(link.pathname + link.hash);
    await expect(pageCase.firstView(page)).toBeVisible();
    release();
  });

  test(`the ${pageCase.name} page's document sends its first read by itself, before the code it carries runs`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    // The document without its carried code, under the CSP the sandbox sends: only its inline
    // script runs, and it alone sends the read.
    await serveChangedDocument(page, link.pathname, (html) => html.replace(carriedModule, ''));
    const read = page.waitForRequest((request) => isRead(request, pageCase.readPath));
    await page.goto(link.pathname + link.hash);
    await read;
  });

  test(`the ${pageCase.name} page's document starts ICU on a worker's thread, which its CSP allows`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    // What became of the page's workers, and every refusal of its CSP, as the page sees them.
    await page.addInitScript(() => {
      const seen = { workers: [] as string[], refused: [] as string[] };
      Object.assign(window, { seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.refused.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
      window.Worker = class extends window.Worker {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          const scheme = new URL(url, location.href).protocol;
          const at = seen.workers.push(`${scheme} started`) - 1;
          this.addEventListener('message', () => (seen.workers[at] = `${scheme} reported`));
          this.addEventListener('error', () => (seen.workers[at] = `${scheme} failed`));
        }
      };
    });
    const ended = new Promise<void>((resolve) => {
      page.on('worker', (worker) => worker.on('close', () => resolve()));
    });
    await page.goto(link.pathname + link.hash);
    const seen = () =>
      page.evaluate(
        () => (window as unknown as { seen: { workers: string[]; refused: string[] } }).seen,
      );
    // One worker (src/app/first-intl.ts), made from a blob of the document's script: it built
    // the formatters and reported, and the page let it go.
    await expect.poll(async () => (await seen()).workers).toEqual(['blob: reported']);
    await ended;
    await expect(pageCase.firstView(page)).toBeVisible();
    expect((await seen()).refused).toEqual([]);
  });

  test(`the ${pageCase.name} page's later code shares the code its document carries`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    const { carried, standIns } = await scriptsOfDocument(page, link.pathname);
    const stylesheets: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'stylesheet' || pathname.endsWith('.css'))
        stylesheets.push(pathname);
      if (request.resourceType() === 'script') scripts.push(pathname);
    });
    // The live flow imports the entry's modules: through the import map, from their stand-in.
    const sharing = page.waitForEvent('requestfinished', (request) =>
      standIns.has(new URL(request.url()).pathname),
    );
    await page.goto(link.pathname + link.hash);
    await expect(pageCase.firstView(page)).toBeVisible();
    await sharing;
    // No second copy of a carried module (a second renderer, a second registry of reads).
    expect(scripts.filter((path) => carried.has(path))).toEqual([]);
    // The document carries the one stylesheet there is: the loader of a chunk asks for its
    // stylesheets with its scripts, before any has arrived.
    expect(stylesheets).toEqual([]);
  });
}

test('a browser without import maps loads the first view as files, the entry and what it imports at once', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl });
  const link = new URL(setupUrl);
  const { carried } = await scriptsOfDocument(page, link.pathname);
  const entry = [...carried].find((path) => path.startsWith('/assets/entry-'));
  const libraries = [...carried].find((path) => path.startsWith('/assets/first-view-libraries-'));
  if (entry === undefined || libraries === undefined)
    throw new Error(`No entry or libraries among ${[...carried].join(', ')}`);
  // Chromium before 96, Safari before 16.4, Firefox before 108: no `supports('importmap')`.
  await page.addInitScript(() => {
    Object.defineProperty(HTMLScriptElement, 'supports', { value: () => false });
  });
  // The entry's file is held back: the libraries it imports are asked for all the same, not a
  // round trip after it.
  let releaseEntry: () => void = () => undefined;
  const entryReleased = new Promise<void>((resolve) => {
    releaseEntry = resolve;
  });
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await entryReleased;
      await route.continue();
    },
  );
  const librariesAsked = page.waitForRequest(
    (request) => new URL(request.url()).pathname === libraries,
  );
  // Not until `load`: the held-back entry holds it.
  await page.goto(link.pathname + link.hash, { waitUntil: 'commit' });
  await librariesAsked;
  releaseEntry();
  await expect(page.getByRole('combobox', { name: 'Search banks' })).toBeVisible();
});

test('when the document arrives cut short, the frame says so and trying again loads the page', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl });
  const link = new URL(setupUrl);
  // The connection drops in the middle of the carried code: what arrived of it is not the code
  // the CSP allows, so none of it runs.
  await serveChangedDocument(page, link.pathname, (html) => {
    const start = html.search(carriedModule);
    if (start === -1) throw new Error('The document carries no module');
    return html.slice(0, start + 5_000);
  });
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('status')).toHaveText(
    'This page could not load. Check your connection, then try again.',
  );
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('combobox', { name: 'Search banks' })).toBeVisible();
});

test('an answer that came while the app’s code took longer than the read’s 10 s bound is still shown', async ({
  page,
}) => {
  const { checkoutUrl } = await createCheckoutPayment({});
  const link = new URL(checkoutUrl);
  let answered: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => {
    answered = resolve;
  });
  page.on('requestfinished', (request) => {
    if (isRead(request, /^\/checkout\/osp_/)) answered();
  });
  // The page's clock (its timers and performance.now) is Playwright's. The carried code arrives
  // 10.5 s after the answer by that clock: a script file the parser waits for stands before it
  // (after the inline script that sent the read), and comes once the answer is in and the clock
  // has run.
  await page.clock.install();
  const slowRest = '/assets/rest-of-the-document.js';
  await serveChangedDocument(page, link.pathname, (html) =>
    html.replace('<script type="module">', `<script src="${slowRest}"></script>$&`),
  );
  await page.route(
    (url) => url.pathname === slowRest,
    async (route) => {
      await answer;
      await page.clock.runFor(10_500);
      await route.fulfill({ contentType: 'text/javascript', body: '' });
    },
  );
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
});
