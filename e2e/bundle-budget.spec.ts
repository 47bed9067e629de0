/**
 * Size budget of each hosted page's critical path (issue 25; docs/decisions/
 * 0028-first-reads-before-the-code.md and 0042-first-view-code-in-the-document.md): every byte the
 * browser downloads before the page's content shows, as the sandbox sends it (brotli), counted
 * from the wire: the document itself, with its inline script, stylesheet and the code of the first
 * view it carries, and every script or stylesheet a page would ask for before its content (none
 * today: every other file is held back until the content shows, and would keep it from showing).
 * The page's own API answers are not counted: the floor (the fastest possible page) needs them
 * too. Later steps' code and every page's live flow are not on the path. At 400 kbit/s every 10 KB
 * is about 0.2 s, so each budget is what the page reached, rounded up to the next KB: the path
 * cannot creep back.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCheckoutPayment, createInvoiceSubscription } from './checkout-api';
import { createSubscriptionWithSetupLink } from './merchant-api';
import { holdBackBuildFiles } from './page-document';

/** Each page's budget, in KB (1024 bytes) on the wire, brotli. */
const budgetsKb = { setup: 42, checkout: 39, invoice: 37 } as const;

/** The bytes on the wire of the document, scripts and stylesheets that `link` loads before `content` shows. */
async function criticalPathBytes(
  page: Page,
  link: string,
  content: (page: Page) => Locator,
): Promise<{ total: number; files: string[] }> {
  // Every file waits until the content has shown, so that a file loaded meanwhile but not needed
  // (the live flow) is not counted, and one needed would keep the content from showing.
  const { release } = await holdBackBuildFiles(page);
  const sizes = new Map<string, Promise<number>>();
  let shown = false;
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (shown || !['document', 'script', 'stylesheet'].includes(type)) return;
    sizes.set(
      new URL(request.url()).pathname,
      request.sizes().then((size) => size.responseBodySize),
    );
  });
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(content(page)).toBeVisible();
  shown = true;
  release();
  const bytes = await Promise.all(sizes.values());
  const total = bytes.reduce((sum, size) => sum + size, 0);
  return { total, files: [...sizes.keys()] };
}

/** Reports the page's figure and holds it to the page's budget. */
function expectWithinBudget(
  name: keyof typeof budgetsKb,
  { total, files }: { total: number; files: string[] },
): void {
  const figure = `${(total / 1024).toFixed(1)} KB in ${files.length} files (${files.join(', ')})`;
  test.info().annotations.push({ type: `${name}-critical-path-brotli`, description: figure });
  console.log(`${name} page critical path: ${figure}, brotli`);
  // The document is counted, with everything it carries.
  expect(files.filter((file) => !file.startsWith('/assets/'))).toHaveLength(1);
  expect(total).toBeLessThanOrEqual(budgetsKb[name] * 1024);
}

test(`the setup page's critical path is at most ${budgetsKb.setup} KB on the wire`, async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const loaded = await criticalPathBytes(page, setupUrl, (p) => p.getByText(/every month/));
  expectWithinBudget('setup', loaded);
});

test(`the checkout page's critical path is at most ${budgetsKb.checkout} KB on the wire`, async ({
  page,
}) => {
  const { checkoutUrl } = await createCheckoutPayment({});
  const loaded = await criticalPathBytes(page, checkoutUrl, (p) =>
    p.getByRole('button', { name: 'Copy account number' }),
  );
  expectWithinBudget('checkout', loaded);
});

test(`the invoice page's critical path is at most ${budgetsKb.invoice} KB on the wire`, async ({
  page,
}) => {
  const subscription = await createInvoiceSubscription({
    callbackUrl: 'https://merchant.example.com/billing/return',
  });
  const invoiceUrl = subscription.invoice.checkoutUrl;
  if (invoiceUrl === null) throw new Error('The initial invoice has no checkoutUrl');
  const loaded = await criticalPathBytes(page, invoiceUrl, (p) =>
    p.getByRole('heading', { level: 1, name: 'Pay your invoice' }),
  );
  expectWithinBudget('invoice', loaded);
});
