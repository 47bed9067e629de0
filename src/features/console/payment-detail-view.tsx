/**
 * One payment (service-api.md, "Payments", "Virtual account"): its status and amounts, the
 * merchant's preferred language for its page, its dynamic virtual account, its hosted checkout, and the sandbox's transfer control (exact, short, excess;
 * test-mode keys only). Polled while pending, so a transfer made anywhere shows up.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Payment } from '../../../contract/payments';
import { checkoutRoutes } from '../../../contract/routes-checkout';
import { Button } from '../../components/button';
import { DetailRow } from '../../components/detail-row';
import { formatDateTime, formatNaira } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { ActionResult, FailureAlert } from './action-result';
import { callConsole, consoleKeys, paymentQuery } from './api';
import { consolePaths } from './paths';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { transferAmounts, type TransferKind } from './transfers';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.payment;
// Here rather than in console-en.ts, which the pages' move to Lingui owns while issue 17 is open;
// the console stays English (a developer tool).
const preferredLanguageTerm = 'Preferred language';
const transferKinds: TransferKind[] = ['exact', 'short', 'excess'];

function TransferControl({ session, payment }: { session: ConsoleSession; payment: Payment }) {
  const queryClient = useQueryClient();
  const transfer = useMutation({
    mutationFn: (amount: number) =>
      callConsole(session, checkoutRoutes.simulateTransfer, {
        params: { virtualAccountId: payment.virtualAccount.id },
        body: { amount },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: consoleKeys.payment(session, payment.id) }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.webhookEvents(session) }),
      ]),
  });
  const amounts = transferAmounts(payment.amountOutstanding);
  return (
    <Section id="transfer" title={m.transferTitle} intro={m.transferIntro}>
      <div className="console-actions">
        {transferKinds.map((kind) => {
          const amount = amounts[kind];
          if (amount === null) return null;
          return (
            <Button
              key={kind}
              variant={kind === 'exact' ? 'primary' : 'secondary'}
              busy={transfer.isPending && transfer.variables === amount}
              busyLabel={m.sending}
              disabled={transfer.isPending}
              onClick={() => transfer.mutate(amount)}
            >
              {m.transfer[kind](formatNaira(amount))}
            </Button>
          );
        })}
      </div>
      <ActionResult answer={transfer.data} error={transfer.error} />
    </Section>
  );
}

export function PaymentDetailView({ session }: { session: ConsoleSession }) {
  const { paymentId = '' } = useParams();
  const query = useQuery(paymentQuery(session, paymentId));
  return (
    <>
      <DocumentTitle>{m.documentTitle(paymentId)}</DocumentTitle>
      <p>
        <Link to={consolePaths.payments}>{m.back}</Link>
      </p>
      <h1>
        {m.title} <code>{paymentId}</code>
      </h1>
      {query.isPending && <p role="status">{consoleEn.loading}</p>}
      {query.isError && <FailureAlert error={query.error} />}
      {query.data !== undefined && (
        <PaymentDetails session={session} payment={query.data.data.data} />
      )}
    </>
  );
}

function PaymentDetails({ session, payment }: { session: ConsoleSession; payment: Payment }) {
  const account = payment.virtualAccount;
  return (
    <>
      <dl className="playback">
        <DetailRow term={m.status}>
          <strong className={`console-status console-status--${payment.status}`}>
            {payment.status}
          </strong>
        </DetailRow>
        <DetailRow term={m.amount}>{formatNaira(payment.amount)}</DetailRow>
        <DetailRow term={m.received}>{formatNaira(payment.amountReceived)}</DetailRow>
        <DetailRow term={m.outstanding}>{formatNaira(payment.amountOutstanding)}</DetailRow>
        <DetailRow term={m.overpaid}>{formatNaira(payment.amountOverpaid)}</DetailRow>
        <DetailRow term={m.expiresAt}>{formatDateTime(payment.expiresAt)}</DetailRow>
        {/* The checkout page opens in it unless the payer chooses; "—": no preference. */}
        <DetailRow term={preferredLanguageTerm}>{payment.preferredLanguage ?? '—'}</DetailRow>
        {payment.paidAt !== null && (
          <DetailRow term={m.paidAt}>{formatDateTime(payment.paidAt)}</DetailRow>
        )}
      </dl>
      <p>
        <a href={payment.checkoutUrl} target="_blank" rel="noopener noreferrer">
          {m.openCheckout}
        </a>
      </p>
      <Section id="virtual-account" title={m.accountTitle}>
        <dl className="playback">
          <DetailRow term={m.bank}>{account.bankName}</DetailRow>
          <DetailRow term={m.accountNumber}>{account.accountNumber}</DetailRow>
          <DetailRow term={m.accountName}>{account.accountName}</DetailRow>
          <DetailRow term={m.accountStatus}>{account.status}</DetailRow>
        </dl>
      </Section>
      <TransferControl session={session} payment={payment} />
    </>
  );
}
