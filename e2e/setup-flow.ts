/**
 * The direct-debit setup flow as a customer drives it in Chromium, and the merchant's and
 * sandbox's side of the statuses (service-api.md, "Hosted customer setup", "Bank direct debit";
 * product.md, "Direct-debit setup: the flow"). Shared by the e2e/direct-debit-*.spec.ts files.
 *
 * Test account numbers are the sandbox's documented ones (sandbox/README.md): Guaranty Trust
 * Bank, each number deciding the mandate's outcome.
 */
import { expect, type Page } from '@playwright/test';
import { directDebitTokenHeader } from '../contract/direct-debit';
import { nubanCheckDigit } from '../contract/nuban';
import { callMerchantApi } from './merchant-api';

export { testAccounts } from './test-accounts';

/** A valid GTBank NUBAN (CBN code 058) from a 9-digit serial; not a test account. */
export function gtbankNuban(serial: string): string {
  return serial + String(nubanCheckDigit('058', serial));
}

/** The merchant's return URL used by these tests; Chromium never really goes there. */
export const merchantReturnUrl = 'https://merchant.example.com/billing/return';

/**
 * Answers for the merchant's site (not on this machine) and records whether the page went there.
 */
export async function fakeMerchantSite(page: Page): Promise<{ visited: () => boolean }> {
  let visited = false;
  await page.route('https://merchant.example.com/**', (route) => {
    visited = true;
    return route.fulfill({ contentType: 'text/html', body: '<h1>Back at Adaeze Fitness</h1>' });
  });
  return { visited: () => visited };
}

/** Opens the setup link the way an email app would: path and fragment on the sandbox origin. */
export async function openSetupLink(page: Page, setupUrl: string): Promise<void> {
  const url = new URL(setupUrl);
  await page.goto(url.pathname + url.hash);
}

/** The step's `<h1>`, once visible. */
export async function expectHeading(page: Page, name: string | RegExp, timeout?: number) {
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible(timeout === undefined ? undefined : { timeout });
  return heading;
}

/** Bank step: search, pick Guaranty Trust Bank, Continue. */
export async function chooseGtBank(page: Page): Promise<void> {
  await expectHeading(page, 'Choose your bank');
  await page.getByRole('combobox', { name: 'Search banks' }).fill('Guaranty');
  await page.getByRole('option', { name: 'Guaranty Trust Bank' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Account step: type the number and Continue. */
export async function enterAccount(page: Page, accountNumber: string): Promise<void> {
  await expectHeading(page, 'Enter your account number');
  await page.getByRole('textbox', { name: 'Account number' }).fill(accountNumber);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Confirm step: tick the consent and authorize. */
export async function authorize(page: Page): Promise<void> {
  await expectHeading(page, 'Confirm your direct debit');
  await page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ }).check();
  await page.getByRole('button', { name: 'Authorize direct debit' }).click();
}

/** Bank, account and authorization in one go. */
export async function completeSetup(page: Page, accountNumber: string): Promise<void> {
  await chooseGtBank(page);
  await enterAccount(page, accountNumber);
  await authorize(page);
}

/** The capability token of a setup URL (`#token=…`). */
export function tokenOf(setupUrl: string): string {
  return new URL(setupUrl).hash.replace(/^#token=/, '');
}

/**
 * Sends account lookups straight to the hosted API with the link's token, as another tab would,
 * and returns their HTTP statuses.
 */
export async function lookUpDirectly(
  setupUrl: string,
  accountNumbers: readonly string[],
): Promise<number[]> {
  const statuses: number[] = [];
  for (const accountNumber of accountNumbers) {
    const response = await fetch(new URL('/direct-debit/setup/resolve-account', setupUrl), {
      method: 'POST',
      headers: { [directDebitTokenHeader]: tokenOf(setupUrl), 'content-type': 'application/json' },
      body: JSON.stringify({ bankId: '000013', bankAccountNumber: accountNumber }),
    });
    statuses.push(response.status);
  }
  return statuses;
}

/** The merchant turns automatic debit off (`POST …/direct-debit/disable`). */
export async function disableAsMerchant(subscriptionId: string) {
  return (await callMerchantApi('disableDirectDebit', { params: { subscriptionId }, body: {} }))
    .data;
}

/** The merchant revokes the setup link (sandbox control, test mode). */
export async function revokeLinkAsMerchant(subscriptionId: string) {
  return (await callMerchantApi('revokeSetupLink', { params: { subscriptionId }, body: {} })).data;
}

/** The merchant's view of the subscription's mandate (`GET …/direct-debit`). */
export async function mandateAsMerchant(subscriptionId: string) {
  return (await callMerchantApi('getSubscriptionMandate', { params: { subscriptionId } })).data;
}

/** The bank's final answer to a pending or unknown mandate (sandbox control, test mode). */
export async function bankAnswer(
  subscriptionId: string,
  body: { outcome: 'approved' } | { outcome: 'rejected'; reason?: string },
) {
  return (await callMerchantApi('answerMandate', { params: { subscriptionId }, body })).data;
}
