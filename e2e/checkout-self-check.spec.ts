/**
 * The payment page follows the payment by itself (product.md, "Checkout pages": automatic status
 * refresh): a payer who transfers and never taps "I've sent the money" still sees it paid.
 */
import { expect, test } from '@playwright/test';
import { createCheckoutPayment, pathOf, simulateTransfer } from './checkout-api';

test('a transfer is noticed without "I’ve sent the money"', async ({ page }) => {
  const payment = await createCheckoutPayment({});
  await page.goto(pathOf(payment.checkoutUrl));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by bank transfer' })).toBeVisible();
  await simulateTransfer(payment.virtualAccount.id, 5000);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({
    timeout: 45_000,
  });
});
