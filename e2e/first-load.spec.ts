/**
 * A hosted page's first load (docs/decisions/0028-first-reads-before-the-code.md): the page's
 * document names every script its first view needs, so none waits to be discovered until the
 * entry has run, and the first view waits for no other, and the page's first reads leave with the HTML, sent by the document's inline
 * script before any file of the app has arrived (issue 25); the document's stylesheet is the only
 * one, so later code asks for none.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCheckoutPayment, createInvoiceSubscription } from './checkout-api';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { holdBackUnnamedFiles, scriptsOfDocument } from './page-document';

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

for (const pageCase of cases) {
  test(`the ${pageCase.name} page's document names every script of its first view`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    const { named } = await scriptsOfDocument(page, link.pathname);
    // Every other file of the build waits until the first view has shown: the first view needs
    // none of them (the checkout's live flow downloads meanwhile, and takes over after).
    const { release } = await holdBackUnnamedFiles(page, named);
    const loaded = new Set<string>();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') loaded.add(new URL(request.url()).pathname);
    });
    await page.goto(link.pathname + link.hash);
    await expect(pageCase.firstView(page)).toBeVisible();
    release();
    // Nothing discovered late, and nothing preloaded for nothing.
    expect(loaded).toEqual(named);
  });

  test(`the ${pageCase.name} page sends its first read before any of the app's code has arrived`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    // Every script file, the entry included, is held back until the page's first read has been
    // sent: the document's own inline script sends it (a read that waited for the app's code
    // would never leave, and the page would never show), under the CSP the sandbox sends.
    let readSent: () => void = () => undefined;
    const read = new Promise<void>((resolve) => {
      readSent = resolve;
    });
    page.on('request', (request) => {
      if (isRead(request, pageCase.readPath)) readSent();
    });
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      async (route) => {
        await read;
        await route.continue();
      },
    );
    await page.goto(link.pathname + link.hash);
    await expect(pageCase.firstView(page)).toBeVisible();
  });
}

// Every page downloads its live half once the first view has shown.
for (const pageCase of cases) {
  test(`the ${pageCase.name} page's later code asks for no stylesheet: the document carries the one there is`, async ({
    page,
  }) => {
    const link = new URL(await pageCase.link());
    const { named } = await scriptsOfDocument(page, link.pathname);
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === 'stylesheet' || pathname.endsWith('.css'))
        stylesheets.push(pathname);
    });
    // The loader of a chunk asks for its stylesheets with its scripts, before any has arrived.
    const laterCode = page.waitForEvent(
      'requestfinished',
      (request) =>
        request.resourceType() === 'script' && !named.has(new URL(request.url()).pathname),
    );
    await page.goto(link.pathname + link.hash);
    await expect(pageCase.firstView(page)).toBeVisible();
    await laterCode;
    expect(stylesheets).toEqual([]);
  });
}

test('when the app’s code cannot be downloaded, the frame says so and trying again loads the page', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl });
  const link = new URL(setupUrl);
  // The app's one file of shared code: nothing of the app runs without it.
  const { entry } = await scriptsOfDocument(page, link.pathname);
  const sharedChunk = (url: URL) => url.pathname === entry;
  await page.route(sharedChunk, (route) => route.abort('internetdisconnected'));
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('status')).toHaveText(
    'This page could not load. Check your connection, then try again.',
  );
  await page.unroute(sharedChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('combobox', { name: 'Search banks' })).toBeVisible();
});

test('an answer that came while the app’s code took longer than the read’s 10 s bound is still shown', async ({
  page,
}) => {
  const { checkoutUrl } = await createCheckoutPayment({});
  const link = new URL(checkoutUrl);
  const { entry } = await scriptsOfDocument(page, link.pathname);
  let answered: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => {
    answered = resolve;
  });
  page.on('requestfinished', (request) => {
    if (isRead(request, /^\/checkout\/osp_/)) answered();
  });
  // The page's clock (its timers and performance.now) is Playwright's: the app's code arrives
  // 10.5 s after the answer by that clock, without the test waiting for it.
  await page.clock.install();
  let late: Promise<void> | undefined;
  await page.route(
    (url) => url.pathname.endsWith('.js') && url.pathname !== entry,
    async (route) => {
      late ??= answer.then(() => page.clock.runFor(10_500));
      await late;
      await route.continue();
    },
  );
  await page.goto(link.pathname + link.hash);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
});
