/**
 * Leaving the setup page and coming back, on a 360 px phone (issue 27, point 4): a reload of the
 * confirm step shows the name already looked up without spending another of the customer's
 * lookups (service-api.md, "Hosted customer setup": resolution is rate limited), and after the
 * customer went to another page and came back, every Back and Forward lands on the step its
 * history entry names, as if they had never left. The tab remembers this for the link only until
 * the mandate is submitted (decision 0039).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  authorize,
  chooseGtBank,
  enterAccount,
  expectHeading,
  openSetupLink,
  testAccounts,
} from './setup-flow';
import { createSubscriptionWithSetupLink } from './merchant-api';

const account = testAccounts.verified;
const name = 'TEST ACCOUNT 0025 (sandbox data)';
const lookupPath = '/direct-debit/setup/resolve-account';

/** Counts the account lookups the page sends. */
function countLookups(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === lookupPath) sent += 1;
  });
  return () => sent;
}

/** What this tab keeps in sessionStorage, as one string. */
async function tabMemory(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify(window.sessionStorage));
}

test('a reload of Confirm spends no lookup; after leaving, Back and Forward land on each step', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  const lookups = countLookups(page);
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, account);
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  expect(lookups()).toBe(1);

  // A reload shows the same confirmation from the tab's memory: no second lookup.
  await page.reload();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  expect(lookups()).toBe(1);

  // Away to another page, then back through the history.
  await page.goto('/robots.txt');
  await expect(page.getByText('User-agent')).toBeVisible();
  await page.goBack();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  await page.goBack();
  await expectHeading(page, 'Enter your account number');
  await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue(account);
  await page.goBack();
  await expectHeading(page, 'Choose your bank');
  await expect(page.getByText('Selected: Guaranty Trust Bank')).toBeVisible();

  // Forward three times: each lands on the step its entry names.
  await page.goForward();
  await expectHeading(page, 'Enter your account number');
  await page.goForward();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  await page.goForward();
  await expect(page.getByText('User-agent')).toBeVisible();

  // A reload at the bank step, then Forward twice: still the account step, then Confirm.
  await page.goBack();
  await expectHeading(page, 'Confirm your direct debit');
  await page.goBack();
  await expectHeading(page, 'Enter your account number');
  await page.goBack();
  await expectHeading(page, 'Choose your bank');
  await page.reload();
  await expectHeading(page, 'Choose your bank');
  await page.goForward();
  await expectHeading(page, 'Enter your account number');
  await page.goForward();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText(name)).toBeVisible();
  expect(lookups()).toBe(1);
  expect(await tabMemory(page)).toContain('Guaranty');

  // The mandate is submitted with the bank and number only: the service resolves the name again.
  const authorization = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/direct-debit/setup',
  );
  await authorize(page);
  expect((await authorization).postDataJSON()).toEqual({
    bankId: '000013',
    bankAccountNumber: account,
    consent: true,
  });
  // The tab forgets the form for this link.
  await expectHeading(page, 'Direct debit is set up');
  const kept = await tabMemory(page);
  expect(kept).not.toContain('TEST ACCOUNT');
  expect(kept).not.toContain(account);
  expect(kept).not.toContain('Guaranty');
});
