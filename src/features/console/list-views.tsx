/**
 * The console's lists and detail pages, all from the merchant API's reads (contract/routes-reads.ts;
 * sandbox/README.md, "Reading and listing"): virtual accounts, subscriptions with their invoices
 * and mandate, payouts, beneficiaries and the request log; each list pages by cursor (paged-list.tsx),
 * each record opens on its own page (record-detail.tsx). Amounts are naira, as the API gives them.
 */
import { useQuery } from '@tanstack/react-query';
import type { Payment } from '../../../contract/payments';
import type { Beneficiary, Payout } from '../../../contract/payouts';
import type { RequestLogEntry } from '../../../contract/request-log';
import { directDebitRoutes } from '../../../contract/routes-direct-debit';
import { readRoutes } from '../../../contract/routes-reads';
import { subscriptionRoutes } from '../../../contract/routes-subscriptions';
import type { Invoice, Subscription } from '../../../contract/subscriptions';
import type { VirtualAccount } from '../../../contract/virtual-accounts';
import { formatDateTime, formatNaira } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { FailureAlert } from './action-result';
import { recordQuery } from './api';
import { PagedList, type Column } from './paged-list';
import { consolePaths } from './paths';
import { RecordDetail } from './record-detail';
import type { ConsoleSession } from './session';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.lists;
const nav = consoleEn.nav;

type Props = { session: ConsoleSession };

const created = {
  header: m.created,
  cell: (r: { createdAt: string }) => formatDateTime(r.createdAt),
};
const status = { header: m.status, cell: (r: { status: string }) => r.status };
const amount = { header: m.amount, cell: (r: { amount: number }) => formatNaira(r.amount) };

/** A page of its own: heading, one line of context, and its list. */
function ListPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <DocumentTitle>{m.documentTitle(title)}</DocumentTitle>
      <h1>{title}</h1>
      {intro !== undefined && <p>{intro}</p>}
      {children}
    </>
  );
}

/** `GET /api/v1/payments`, newest first (shown under the payment forms). */
export function PaymentsList({ session }: Props) {
  const columns: Column<Payment>[] = [status, amount, created];
  return (
    <PagedList
      session={session}
      title={m.recentPayments}
      name="payments"
      route={readRoutes.listPayments}
      detailPath={(payment) => consolePaths.payment(payment.id)}
      columns={columns}
    />
  );
}

export function VirtualAccountsView({ session }: Props) {
  const columns: Column<VirtualAccount>[] = [
    { header: m.type, cell: (account) => account.type },
    status,
    {
      header: m.accountNumber,
      cell: (account) => `${account.accountNumber} · ${account.bankName}`,
    },
    created,
  ];
  return (
    <ListPage title={nav.virtualAccounts} intro={m.intro.virtualAccounts}>
      <PagedList
        session={session}
        title={nav.virtualAccounts}
        name="virtual-accounts"
        route={readRoutes.listVirtualAccounts}
        detailPath={(account) => consolePaths.virtualAccount(account.id)}
        columns={columns}
      />
    </ListPage>
  );
}

export function VirtualAccountDetailView({ session }: Props) {
  return (
    <RecordDetail
      session={session}
      kind={m.virtualAccount}
      name="virtual-account"
      route={readRoutes.getVirtualAccount}
      param="virtualAccountId"
      back={{ to: consolePaths.virtualAccounts, label: nav.virtualAccounts }}
    />
  );
}

/** `GET /api/v1/subscriptions` (shown under the subscription form). */
export function SubscriptionsList({ session }: Props) {
  const columns: Column<Subscription>[] = [
    status,
    { header: m.customer, cell: (subscription) => subscription.customer.email },
    { header: m.nextBilling, cell: (subscription) => subscription.nextBillingDate },
  ];
  return (
    <PagedList
      session={session}
      title={m.subscriptions}
      name="subscriptions"
      route={readRoutes.listSubscriptions}
      detailPath={(subscription) => consolePaths.subscription(subscription.id)}
      columns={columns}
    />
  );
}

/** The subscription's mandate (`GET /api/v1/subscriptions/:id/direct-debit`), or none yet. */
function MandateSection({ session, subscriptionId }: Props & { subscriptionId: string }) {
  const mandate = useQuery(
    recordQuery(session, 'mandate', directDebitRoutes.getSubscriptionMandate, { subscriptionId }),
  );
  return (
    <section aria-labelledby="mandate" className="console-section">
      <h2 id="mandate">{m.mandateTitle}</h2>
      {mandate.isPending && <p>{consoleEn.loading}</p>}
      {mandate.isError && <FailureAlert error={mandate.error} urgent={false} />}
      {mandate.data !== undefined && (
        <pre className="console-result__body">
          {JSON.stringify(mandate.data.data.data, null, 2)}
        </pre>
      )}
    </section>
  );
}

export function SubscriptionDetailView({ session }: Props) {
  const invoiceColumns: Column<Invoice>[] = [
    status,
    amount,
    { header: m.dueDate, cell: (invoice) => invoice.dueDate },
  ];
  return (
    <RecordDetail
      session={session}
      kind={m.subscription}
      name="subscription"
      route={subscriptionRoutes.getSubscription}
      param="subscriptionId"
      back={{ to: consolePaths.subscriptions, label: nav.subscriptions }}
    >
      {(subscription) => (
        <>
          <PagedList
            session={session}
            title={m.invoices}
            name="invoices"
            route={readRoutes.listInvoices}
            filters={{ subscription_id: subscription.id }}
            detailPath={(invoice) => consolePaths.invoice(invoice.id)}
            columns={invoiceColumns}
          />
          <MandateSection session={session} subscriptionId={subscription.id} />
        </>
      )}
    </RecordDetail>
  );
}

export function InvoiceDetailView({ session }: Props) {
  return (
    <RecordDetail
      session={session}
      kind={m.invoice}
      name="invoice"
      route={subscriptionRoutes.getInvoice}
      param="invoiceId"
      back={{ to: consolePaths.subscriptions, label: nav.subscriptions }}
    />
  );
}

export function PayoutsView({ session }: Props) {
  const columns: Column<Payout>[] = [status, amount, created];
  return (
    <ListPage title={nav.payouts} intro={m.intro.payouts}>
      <PagedList
        session={session}
        title={nav.payouts}
        name="payouts"
        route={readRoutes.listPayouts}
        detailPath={(payout) => consolePaths.payout(payout.id)}
        columns={columns}
      />
    </ListPage>
  );
}

export function PayoutDetailView({ session }: Props) {
  return (
    <RecordDetail
      session={session}
      kind={m.payout}
      name="payout"
      route={readRoutes.getPayout}
      param="payoutId"
      back={{ to: consolePaths.payouts, label: nav.payouts }}
    />
  );
}

/** A submitted payout use case and the service's review of it; back to Keys and controls. */
export function PayoutUseCaseDetailView({ session }: Props) {
  return (
    <RecordDetail
      session={session}
      kind={m.payoutUseCase}
      name="payout-use-case"
      route={readRoutes.getPayoutUseCase}
      param="useCaseId"
      back={{ to: consolePaths.controls, label: nav.controls }}
    />
  );
}

export function BeneficiariesView({ session }: Props) {
  const columns: Column<Beneficiary>[] = [
    status,
    {
      header: m.bank,
      cell: (beneficiary) => `${beneficiary.accountNumber} · ${beneficiary.bankName}`,
    },
    created,
  ];
  return (
    <ListPage title={nav.beneficiaries} intro={m.intro.payouts}>
      <PagedList
        session={session}
        title={nav.beneficiaries}
        name="beneficiaries"
        route={readRoutes.listBeneficiaries}
        detailPath={(beneficiary) => consolePaths.beneficiary(beneficiary.id)}
        columns={columns}
      />
    </ListPage>
  );
}

export function BeneficiaryDetailView({ session }: Props) {
  return (
    <RecordDetail
      session={session}
      kind={m.beneficiary}
      name="beneficiary"
      route={readRoutes.getBeneficiary}
      param="beneficiaryId"
      back={{ to: consolePaths.beneficiaries, label: nav.beneficiaries }}
    />
  );
}

export function RequestLogView({ session }: Props) {
  const columns: Column<RequestLogEntry>[] = [
    { header: m.method, cell: (entry) => entry.method },
    { header: m.path, cell: (entry) => <code>{entry.path}</code> },
    { header: m.httpStatus, cell: (entry) => entry.status },
    { header: m.duration, cell: (entry) => consoleEn.webhooks.durationMs(entry.durationMs) },
    created,
  ];
  return (
    <ListPage title={nav.requests} intro={m.intro.requests}>
      <PagedList
        session={session}
        title={nav.requests}
        name="requests"
        route={readRoutes.listRequestLog}
        detailPath={(entry) => consolePaths.request(entry.id)}
        columns={columns}
      />
    </ListPage>
  );
}

export function RequestDetailView({ session }: Props) {
  return (
    <RecordDetail
      session={session}
      kind={m.request}
      name="request"
      route={readRoutes.getRequestLogEntry}
      param="requestId"
      back={{ to: consolePaths.requests, label: nav.requests }}
    />
  );
}
