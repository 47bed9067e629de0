/**
 * Every mandate status end to end, in Chromium against the running sandbox, with an axe check on
 * each view (service-api.md, "States and transitions", "Hosted customer setup"; product.md,
 * "Direct-debit setup: the flow" and "Every page"). The sandbox's approval (and revocation) delay
 * is 1.5 s here (playwright.config.ts); the page checks a pending status again after 3 s.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { callMerchantApi, createSubscriptionWithSetupLink } from './merchant-api';
import {
  authorize,
  bankAnswer,
  chooseGtBank,
  completeSetup,
  disableAsMerchant,
  enterAccount,
  expectHeading,
  fakeMerchantSite,
  gtbankNuban,
  lookUpDirectly,
  mandateAsMerchant,
  merchantReturnUrl,
  openSetupLink,
  revokeLinkAsMerchant,
  testAccounts,
} from './setup-flow';

test('verified: every step passes axe, then the countdown returns to the merchant', async ({
  page,
}) => {
  const merchant = await fakeMerchantSite(page);
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  await openSetupLink(page, setupUrl);

  await expectHeading(page, 'Choose your bank');
  await expectNoAxeViolations(page);
  await chooseGtBank(page);
  await expectHeading(page, 'Enter your account number');
  await expectNoAxeViolations(page);
  await enterAccount(page, testAccounts.verified);
  await expectHeading(page, 'Confirm your direct debit');
  await expectNoAxeViolations(page);
  await authorize(page);

  await expectHeading(page, 'Direct debit is set up');
  await expect(page.getByRole('timer')).toHaveText(/Returning to Adaeze Fitness in [1-5] s/);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Return now' }).click();
  await page.waitForURL(merchantReturnUrl);
  expect(merchant.visited()).toBe(true);
});

test('pending then approved: the page checks again by itself and then returns', async ({
  page,
}) => {
  await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.approvedAfterDelay);

  await expectHeading(page, 'Waiting for your bank');
  await expect(page.getByText(/Last checked at \d\d:\d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toHaveAttribute(
    'href',
    merchantReturnUrl,
  );
  await expectNoAxeViolations(page);

  await expectHeading(page, 'Direct debit is set up', 15_000);
  await expect(page.getByRole('timer')).toBeVisible();
  await page.getByRole('button', { name: 'Stay here' }).click();
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await mandateAsMerchant(subscription.id))?.status).toBe('approved');
});

test('pending with activation instructions stays, survives a reload, and never leaves', async ({
  page,
}) => {
  const merchant = await fakeMerchantSite(page);
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.pendingWithActivation);

  await expectHeading(page, 'Waiting for your bank');
  const activation = page.getByRole('region', { name: 'Activate it with a small transfer' });
  await expect(activation.getByText('₦50.00', { exact: true })).toBeVisible();
  await expect(activation.getByText('9900000019')).toBeVisible();
  await expect(activation.getByText(/^MDTACT-/)).toBeVisible();
  await expect(activation.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The token is kept for the tab (and gone from the address bar): a reload resumes here.
  await expect(page).not.toHaveURL(/token=/);
  await page.reload();
  await expectHeading(page, 'Waiting for your bank');
  // A status check after the reload finds it still pending; the page stays.
  await page.waitForResponse(
    (r) => r.url().endsWith('/direct-debit/setup') && r.request().method() === 'GET',
  );
  await expectHeading(page, 'Waiting for your bank');
  expect(merchant.visited()).toBe(false);
});

test('unknown: being reconciled, nothing to do; the open page follows the reconciled answer', async ({
  page,
}) => {
  const merchant = await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.unknown);

  await expectHeading(page, 'We are confirming your direct debit');
  await expect(page.getByText(/nothing more you need to do now/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try another account' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(merchant.visited()).toBe(false);

  // Reconciliation finds the bank approved it: the page, still checking, says so and returns.
  expect((await bankAnswer(subscription.id, { outcome: 'approved' }))?.status).toBe('approved');
  await expectHeading(page, 'Direct debit is set up', 15_000);
  await page.waitForURL(merchantReturnUrl, { timeout: 10_000 });
  expect(merchant.visited()).toBe(true);
});

test('rejected, then another account while setup is open', async ({ page }) => {
  await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.rejected);

  await expectHeading(page, 'Your bank did not approve the direct debit');
  // The page's own words for the refusal, then the bank's (sandbox/README.md, test accounts).
  await expect(
    page.getByText('Your bank says this type of account cannot be used for direct debit.'),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Your bank said: Mandate rejected: account type does not permit direct debit (sandbox data)',
    ),
  ).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Try another account' }).click();
  await completeSetup(page, testAccounts.verified);
  await expectHeading(page, 'Direct debit is set up');
  await page.getByRole('button', { name: 'Stay here' }).click();
  const mandate = await mandateAsMerchant(subscription.id);
  expect(mandate).toMatchObject({ status: 'verified', accountNumberMasked: '******0025' });
});

test('the customer turns automatic debit off after a confirmation; revocation follows', async ({
  page,
}) => {
  await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.verified);
  await expectHeading(page, 'Direct debit is set up');

  // Asking to turn it off stops the automatic return and explains what it does.
  await page.getByRole('button', { name: 'Turn off automatic debit' }).click();
  const confirmation = page.getByRole('region', { name: 'Turn off automatic debit?' });
  await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(confirmation).toContainText('may still go through');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await confirmation.getByRole('button', { name: 'Yes, turn it off' }).click();
  // The new status is a new step: its heading takes focus.
  await expect(await expectHeading(page, 'Automatic debit is being turned off')).toBeFocused();
  await expect(
    page.getByText(/A debit already sent to the bank may still go through/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await expectHeading(page, 'Automatic debit is off', 15_000);
  await expect(page.getByRole('link', { name: 'Return to Adaeze Fitness' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await mandateAsMerchant(subscription.id))?.status).toBe('revoked');
});

test('the merchant turns automatic debit off; the open setup page follows by itself', async ({
  page,
}) => {
  const merchant = await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.pendingWithActivation);
  await expectHeading(page, 'Waiting for your bank');

  const disabled = await disableAsMerchant(subscription.id);
  expect(disabled?.status).toBe('revocation_requested');
  await expectHeading(page, /Automatic debit is (being turned off|off)/, 15_000);
  await expect(page.getByRole('button', { name: 'Turn off automatic debit' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectHeading(page, 'Automatic debit is off', 20_000);
  expect(merchant.visited()).toBe(false);
});

test('verified, "Stay here", then the merchant turns debit off: the refocused tab follows', async ({
  page,
}) => {
  const merchant = await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.verified);
  await expectHeading(page, 'Direct debit is set up');
  await page.getByRole('button', { name: 'Stay here' }).click();

  const disabled = await disableAsMerchant(subscription.id);
  expect(disabled?.status).toBe('revocation_requested');
  // The customer comes back to the tab: the page checks again (no timer runs for this status).
  const checked = page.waitForResponse(
    (r) => r.url().endsWith('/direct-debit/setup') && r.request().method() === 'GET',
  );
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await checked;
  await expectHeading(page, /Automatic debit is (being turned off|off)/);
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Turn off automatic debit' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(merchant.visited()).toBe(false);
});

test('a revoked link shows that the business withdrew it', async ({ page }) => {
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'Choose your bank');

  expect((await revokeLinkAsMerchant(subscription.id)).revoked).toBe(true);
  await openSetupLink(page, setupUrl);
  await page.reload();
  await expectHeading(page, 'This link is not valid');
  await expect(page.getByText('The business has withdrawn this link.')).toBeVisible();
  await expect(page.getByText(/Open the latest email from the business/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('over the lookup rate limit: the wait from Retry-After, with the number kept', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  // Five lookups from elsewhere use up this link's minute.
  const serials = ['100000001', '100000002', '100000003', '100000004', '100000005'];
  expect(await lookUpDirectly(setupUrl, serials.map(gtbankNuban))).toEqual([
    200, 200, 200, 200, 200,
  ]);

  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  const number = gtbankNuban('100000006');
  const lookup = page.waitForResponse((r) => r.url().endsWith('/resolve-account'));
  await enterAccount(page, number);
  const refused = await lookup;
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);

  await expect(page.getByRole('alert')).toHaveText(
    /Too many account checks\. Try again in \d+ s\./,
  );
  await expect(page.getByRole('button', { name: /Try again in \d+ s/ })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue(number);
  await expectNoAxeViolations(page);
});

test('the whole flow works with the keyboard alone, focus on each step heading', async ({
  page,
}) => {
  await fakeMerchantSite(page);
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  await openSetupLink(page, setupUrl);

  await expect(await expectHeading(page, 'Choose your bank')).toBeFocused();
  const search = page.getByRole('combobox', { name: 'Search banks' });
  while (!(await search.evaluate((element) => element === document.activeElement))) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type('Guaranty Trust');
  await page.keyboard.press('ArrowDown');
  // The combobox keeps focus; the active option is its aria-activedescendant.
  const gtBank = page.getByRole('option', { name: 'Guaranty Trust Bank' });
  await expect(search).toBeFocused();
  await expect(search).toHaveAttribute(
    'aria-activedescendant',
    (await gtBank.getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Enter');
  await expect(gtBank).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(await expectHeading(page, 'Enter your account number')).toBeFocused();
  const account = page.getByRole('textbox', { name: 'Account number' });
  while (!(await account.evaluate((element) => element === document.activeElement))) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.type(testAccounts.verified);
  await page.keyboard.press('Enter');

  await expect(await expectHeading(page, 'Confirm your direct debit')).toBeFocused();
  const consent = page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ });
  while (!(await consent.evaluate((element) => element === document.activeElement))) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Authorize direct debit' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(await expectHeading(page, 'Direct debit is set up')).toBeFocused();
  // The status change is announced in the page's live region.
  await expect(page.locator('[aria-live="polite"]')).toHaveText('Direct debit is set up');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Return now' })).toBeFocused();
});

test('a double click authorizes once; Back and Forward never send it again', async ({ page }) => {
  await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({});
  const authorizations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/direct-debit/setup') {
      authorizations.push(request.url());
    }
  });
  await page.goto('/healthz');
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, testAccounts.unknown);
  await expectHeading(page, 'Confirm your direct debit');
  await page.getByRole('checkbox', { name: /I authorize Adaeze Fitness/ }).check();
  await page.getByRole('button', { name: 'Authorize direct debit' }).dblclick();
  await expectHeading(page, 'We are confirming your direct debit');
  expect(authorizations).toHaveLength(1);

  await page.goBack();
  await page.goForward();
  await expectHeading(page, 'We are confirming your direct debit');
  expect(authorizations).toHaveLength(1);
  expect((await mandateAsMerchant(subscription.id))?.status).toBe('unknown');
});

test('a 5xx keeps the input, shows the reference with a copy button, and retry works; offline is said', async ({
  page,
  context,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await page.route(
    '**/direct-debit/setup/resolve-account',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        headers: { 'x-request-id': 'req_e2e_503' },
        body: JSON.stringify({
          statusCode: 503,
          message: 'Service unavailable',
          requestId: 'req_e2e_503',
          path: '/direct-debit/setup/resolve-account',
          timestamp: new Date().toISOString(),
        }),
      }),
    { times: 1 },
  );
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, testAccounts.verified);

  await expectHeading(page, 'Something went wrong');
  await expect(page.getByText('req_e2e_503')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy reference' })).toBeVisible();
  await expect(page.getByText('What you entered is kept.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText('TEST ACCOUNT 0025 (sandbox data)')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(/You are offline/)).toBeVisible();
  await expectNoAxeViolations(page);
  await context.setOffline(false);
  await expect(page.getByText(/You are offline/)).toBeHidden();
});

test('verified without a return URL: success, no countdown, no return link', async ({ page }) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({});
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.verified);
  await expectHeading(page, 'Direct debit is set up');
  await expect(page.getByRole('timer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Return to/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Turn off automatic debit' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('debit turned off by the merchant before any mandate: the closed view', async ({ page }) => {
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
  });
  expect(await disableAsMerchant(subscription.id)).toBeNull();
  await openSetupLink(page, setupUrl);
  await expectHeading(page, 'Direct debit setup is closed');
  await expect(page.getByRole('link', { name: 'support@adaeze-fitness.example' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a link without a token: the invalid-link view passes axe', async ({ page }) => {
  await page.goto('/direct-debit/setup');
  await expectHeading(page, 'This link is not valid');
  await expectNoAxeViolations(page);
});

test('a live link resolves the name through the simulated provider and shows no test banner', async ({
  page,
}) => {
  await fakeMerchantSite(page);
  const { setupUrl, subscription } = await createSubscriptionWithSetupLink({
    callbackUrl: merchantReturnUrl,
    mode: 'live',
  });
  await openSetupLink(page, setupUrl);
  await chooseGtBank(page);
  await enterAccount(page, gtbankNuban('123456789'));
  await expectHeading(page, 'Confirm your direct debit');
  await expect(page.getByText('Test mode: no real money moves')).toHaveCount(0);
  await expect(page.getByText(/TEST ACCOUNT|sandbox data|Test data/)).toHaveCount(0);
  await authorize(page);
  await expectHeading(page, 'Waiting for your bank');
  await expectHeading(page, 'Direct debit is set up', 15_000);
  await page.getByRole('button', { name: 'Stay here' }).click();
  const mandate = (
    await callMerchantApi('getSubscriptionMandate', {
      params: { subscriptionId: subscription.id },
      mode: 'live',
    })
  ).data;
  expect(mandate).toMatchObject({ mode: 'live', status: 'approved' });
  expect(mandate?.accountName).toMatch(/^[A-Z]+ [A-Z]+$/);
});

test('"Last checked" on the status view is the service’s time in Lagos time, not the phone’s clock', async ({
  page,
}) => {
  const { setupUrl } = await createSubscriptionWithSetupLink({ callbackUrl: merchantReturnUrl });
  // The phone's clock is two hours and eleven minutes slow.
  await page.clock.install({ time: new Date(Date.now() - (2 * 3_600_000 + 11 * 60_000)) });
  await openSetupLink(page, setupUrl);
  await completeSetup(page, testAccounts.approvedAfterDelay);
  await expectHeading(page, 'Waiting for your bank');
  const before = Date.now();
  const note = page.getByText(/^Last checked at \d\d:\d\d:\d\d \(Lagos time\)\.$/);
  await expect(note).toBeVisible();
  const shown = /(\d\d):(\d\d)/.exec((await note.textContent()) ?? '');
  // By the real clock (the sandbox's), within a few minutes; the phone's would be 2 h 11 min off.
  const lagos = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(before);
  const hour = Number(lagos.find((part) => part.type === 'hour')?.value);
  const minute = Number(lagos.find((part) => part.type === 'minute')?.value);
  const shownMinutes = Number(shown?.[1]) * 60 + Number(shown?.[2]);
  const offBy = Math.abs(shownMinutes - (hour * 60 + minute));
  expect(Math.min(offBy, 24 * 60 - offBy)).toBeLessThanOrEqual(3);
});
