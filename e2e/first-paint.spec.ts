/**
 * The page's frame (docs/decisions/0020-first-paint-frame-and-failure-bound.md): before any
 * script has run, a hosted page already shows its bar, its title and "Loading…", styled by the
 * app's stylesheet under the CSP; no customer looks at a blank white page while the code downloads.
 * The whole frame comes before the document's first script (decision 0045), so its first paint
 * waits for no script's bytes or run.
 */
import { expect, test } from '@playwright/test';

test.use({ javaScriptEnabled: false });

for (const path of ['/direct-debit/setup', '/checkout/osp_frame', '/invoices/inv_frame']) {
  test(`${path} paints the frame from the HTML and CSS alone`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Secure payment' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading…');
    const bar = page.locator('.merchant-header');
    await expect(bar).toBeVisible();
    // The stylesheet applied: the bar has its colour and its full height before the merchant is known.
    await expect(bar).toHaveCSS('background-color', 'rgb(11, 92, 173)');
    expect((await bar.boundingBox())?.height).toBe(64);
    // The banner's space is kept but shows nothing: the mode is not known yet.
    await expect(page.getByText(/Test mode/)).toBeHidden();
  });

  test(`${path}'s document holds its whole frame before its first script`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const beforeScripts = html.slice(0, html.indexOf('<script'));
    expect(html.indexOf('<script')).toBeGreaterThan(0);
    expect(beforeScripts).toContain('<style>');
    expect(beforeScripts).toContain('Secure payment');
    expect(beforeScripts).toContain('Loading…');
    expect(beforeScripts).toMatch(/<div id="root">[\s\S]*<\/div>\s*$/);
  });
}
