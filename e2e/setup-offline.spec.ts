/**
 * The setup page's three actions on a phone that loses its connection (issue 14, point 4;
 * product.md, "Every page"; docs/decisions/0023-offline-actions-and-hosted-idempotency.md): at
 * 360 px, in Chromium, against the running sandbox. Offline, "Checking account…", "Authorizing…"
 * and "Turning off…" fail at once with "Nothing has changed", keeping what the customer entered,
 * and nothing is sent; back online, "Try again" does it. An authorization whose answer was lost is
 * sent again with the same Idempotency-Key and makes one mandate.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { callMerchantApi, createSubscriptionWithSetupLink } from './merchant-api';
import {
  authorize,
  chooseGtBank,
  completeSetup,
  enterAccount,
  expectHeading,
  openSetupLink,
  testAccounts,
} from './setup-flow';

/** The POSTs the page sends, by path, as they leave the browser. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

/** The notice of an action sent offline. */
const offlineNotice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'You are offline. Nothing has changed' });

/** The subscription's mandates, as the merchant lists them. */
async function mandatesOf(subscriptionId: string) {
  const { data } = await callMerchantApi('listMandates');
  return data.filter((mandate) => mandate.subscriptionId === subscriptionId);
}

test('an account lookup sent offline changes nothing and keeps the number; Try again online looks it up', async ({
  page,
  context,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  const posts = recordPosts(page);
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);

  await context.setOffline(true);
  await enterAccount(page, testAccounts.verified);
  const notice = offlineNotice(page);
  await expect(notice).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue(
    testAccounts.verified,
  );
  // Not busy: the button is back to "Continue", not "Checking account…".
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Confirm your direct debit');
  expect(posts).toEqual(['/direct-debit/setup/resolve-account']);
});

test('an authorization sent offline changes nothing and keeps the consent; Try again online authorizes once', async ({
  page,
  context,
}) => {
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({});
  const posts = recordPosts(page);
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, testAccounts.verified);

  await context.setOffline(true);
  await authorize(page);
  const notice = offlineNotice(page);
  await expect(notice).toBeVisible();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Authorize direct debit' })).toBeEnabled();
  expect(posts).toEqual(['/direct-debit/setup/resolve-account']);
  expect(await mandatesOf(subscription.id)).toEqual([]);
  await expectNoAxeViolations(page);

  // Back online (the page has seen it: its offline note goes), nothing completes by itself.
  await expect(page.getByText('You are offline. We will check again')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline. We will check again')).toHaveCount(0);
  await expectHeading(page, 'Confirm your direct debit');
  await expect(notice).toBeVisible();
  expect(posts).toEqual(['/direct-debit/setup/resolve-account']);
  expect(await mandatesOf(subscription.id)).toEqual([]);

  await notice.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Direct debit is set up');
  expect(posts.filter((path) => path === '/direct-debit/setup')).toHaveLength(1);
  expect(await mandatesOf(subscription.id)).toHaveLength(1);
});

test('turning debit off offline changes nothing and keeps the confirmation open; Try again online turns it off', async ({
  page,
  context,
}) => {
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.verified);
  await expectHeading(page, 'Direct debit is set up');
  const posts = recordPosts(page);
  await page.getByRole('button', { name: 'Turn off automatic debit' }).click();

  await context.setOffline(true);
  const dialog = page.getByRole('region', { name: 'Turn off automatic debit?' });
  await dialog.getByRole('button', { name: 'Yes, turn it off' }).click();
  const notice = dialog
    .getByRole('alert')
    .filter({ hasText: 'You are offline. Nothing has changed' });
  await expect(notice).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Yes, turn it off' })).toBeEnabled();
  expect(posts).toEqual([]);
  await expectNoAxeViolations(page);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Automatic debit is being turned off');
  expect(posts).toEqual(['/direct-debit/setup/disable']);
  const [mandate] = await mandatesOf(subscription.id);
  expect(mandate?.status).toBe('revocation_requested');
});

test('an authorization whose answer was lost is sent again with the same key and makes one mandate', async ({
  page,
}) => {
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({});
  const keys: (string | null)[] = [];
  let lose = true;
  // The service gets and applies the first authorization, but its answer never reaches the phone.
  await page.route('**/direct-debit/setup', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? null);
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    return route.abort('connectionreset');
  });
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, testAccounts.verified);
  await authorize(page);

  const notice = page.getByRole('alert').filter({ hasText: 'No answer from the service' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ })).toBeChecked();
  expect(await mandatesOf(subscription.id)).toHaveLength(1);
  await expectNoAxeViolations(page);

  await notice.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Direct debit is set up');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^act_/);
  expect(keys[1]).toBe(keys[0]);
  expect(await mandatesOf(subscription.id)).toHaveLength(1);
});
