/**
 * Inbound bank transfers to virtual accounts (service-api.md, "Virtual accounts", "Events";
 * docs/decisions/0010-checkout-and-renewals.md, "Transfer outcomes"). In the sandbox they arrive
 * through the test-mode control `POST /sandbox/v1/virtual-accounts/:id/transfers` (or the CLI's
 * `simulate-transfer`).
 *
 * - Any amount to an ACTIVE account is credited: a transaction (`trn_…`), `transaction.created` and
 *   `virtual_account.credit`.
 * - Dynamic account of a pending payment: the amount adds to `amountReceived`; exact or excess →
 *   `paid` (`payment.success`; excess shown as `amountOverpaid`); short → stays `pending` with the
 *   rest outstanding. A paid invoice payment pays the invoice ({@link markInvoicePaid}).
 * - Dynamic account of a paid payment (before its window ends): credited as an overpayment.
 * - EXPIRED (dynamic) account: refused, 409 VIRTUAL_ACCOUNT_EXPIRED; the simulated bank returns
 *   the money to the sender and nothing is recorded.
 */
import { errorCodes } from '../../../contract/errors';
import { koboToNaira } from '../../../contract/money';
import { ApiError } from '../../core/api-error';
import { randomId } from '../../core/crypto';
import { execute, type Db } from '../../db/database';
import { markInvoicePaid } from '../subscriptions/invoices';
import {
  getVirtualAccountRow,
  renderVirtualAccount,
  type VirtualAccountRow,
} from '../virtual-accounts/virtual-accounts';
import { recordTransaction } from '../transactions/transactions';
import { recordEvent } from '../webhooks/events';
import {
  getPaymentRow,
  paymentOfAccount,
  renderPayment,
  type BillingContext,
} from '../payments/payments';

/**
 * Credits `amountKobo` (> 0) to `account` as described above, inside the caller's transaction.
 * Returns the account after the credit.
 * @throws ApiError 409 VIRTUAL_ACCOUNT_EXPIRED when the account is no longer payable.
 */
export function receiveTransfer(
  db: Db,
  account: VirtualAccountRow,
  transfer: { amountKobo: number; senderName: string | null },
  context: BillingContext,
): VirtualAccountRow {
  if (account.status !== 'ACTIVE') {
    throw new ApiError(
      409,
      'This virtual account has expired and is no longer payable: the transfer is returned to the sender',
      { code: errorCodes.virtualAccountExpired },
    );
  }
  const now = context.now.toISOString();
  const payment = paymentOfAccount(db, account.id);
  const reference = randomId('ref_');
  const { id: transactionId } = recordTransaction(db, {
    merchantId: account.merchant_id,
    mode: account.mode,
    type: 'transfer',
    amountKobo: transfer.amountKobo,
    reference,
    virtualAccountId: account.id,
    paymentId: payment?.id ?? null,
    invoiceId: payment?.invoice_id ?? null,
    senderName: transfer.senderName,
    now: context.now,
  });
  const amount = koboToNaira(transfer.amountKobo);
  const event = { merchantId: account.merchant_id, mode: account.mode, now: context.now };
  recordEvent(db, {
    ...event,
    type: 'virtual_account.credit',
    data: {
      ...renderVirtualAccount(account),
      transfer: { transactionId, amount, currency: 'NGN', reference, receivedAt: now },
    },
  });

  if (payment !== null) {
    execute(db, 'UPDATE payments SET received_kobo = received_kobo + ? WHERE id = ?', [
      transfer.amountKobo,
      payment.id,
    ]);
    const after = getPaymentRow(db, payment.id);
    if (after.status === 'pending' && after.received_kobo >= after.amount_kobo) {
      execute(db, "UPDATE payments SET status = 'paid', paid_at = ? WHERE id = ?", [
        now,
        payment.id,
      ]);
      const paid = getPaymentRow(db, payment.id);
      recordEvent(db, {
        ...event,
        type: 'payment.success',
        data: renderPayment(db, paid, context.publicOrigin, context.tokens),
      });
      if (paid.invoice_id !== null) markInvoicePaid(db, paid.invoice_id, context);
    }
  }
  return getVirtualAccountRow(db, account.id);
}
