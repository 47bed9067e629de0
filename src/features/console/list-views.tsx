/**
 * The console's lists and detail pages as tables, all from the merchant API's reads
 * (contract/routes-reads.ts; sandbox/README.md, "Reading and listing"). A list is described by
 * PagedList's props (route, detail path, columns after the id; paged-list.tsx), a detail page by
 * RecordDetail's (heading, read route, the section it belongs to; record-detail.tsx).
 * `consoleLists` are the lists other views show; `recordPages` are the pages of their own: virtual
 * accounts, subscriptions with their invoices and mandate, payouts, payout use cases,
 * beneficiaries and the request log (request-log-view.tsx, with its filters). Amounts are naira,
 * as the API gives them.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Payment } from '../../../contract/payments';
import type { PayoutUseCase } from '../../../contract/payouts';
import { directDebitRoutes } from '../../../contract/routes-direct-debit';
import { readRoutes } from '../../../contract/routes-reads';
import { subscriptionRoutes } from '../../../contract/routes-subscriptions';
import type { Subscription } from '../../../contract/subscriptions';
import { DocumentTitle } from '../../components/document-title';
import { formatDateTime, formatNaira } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { FailureAlert } from './action-result';
import { recordQuery } from './api';
import { PagedList, type PagedListProps } from './paged-list';
import { consolePaths, type NavSection } from './paths';
import { RecordDetail, type RecordDetailProps } from './record-detail';
import { RequestLogView } from './request-log-view';
import { Section } from './section';
import type { ConsoleSession } from './session';

const m = consoleEn.lists;

const created = {
  header: m.created,
  cell: (r: { createdAt: string }) => formatDateTime(r.createdAt),
};
const status = { header: m.status, cell: (r: { status: string }) => r.status };
const amount = { header: m.amount, cell: (r: { amount: number }) => formatNaira(r.amount) };

/** A list as PagedList shows it, less the session. */
type ListDescription<T extends { id: string }> = Omit<PagedListProps<T>, 'session'>;

/** The lists shown inside other views: `<PagedList session={…} {...consoleLists.payments} />`. */
export const consoleLists = {
  /** `GET /api/v1/payments`, newest first (under the payment forms). */
  payments: {
    title: m.recentPayments,
    route: readRoutes.listPayments,
    detailPath: consolePaths.payment,
    columns: [status, amount, created],
  } satisfies ListDescription<Payment>,
  /** `GET /api/v1/subscriptions` (under the subscription form). */
  subscriptions: {
    title: m.subscriptions,
    route: readRoutes.listSubscriptions,
    detailPath: consolePaths.subscription,
    columns: [
      status,
      { header: m.customer, cell: (subscription) => subscription.customer.email },
      { header: m.nextBilling, cell: (subscription) => subscription.nextBillingDate },
    ],
  } satisfies ListDescription<Subscription>,
  /** `GET /api/v1/payout-use-cases` with their review status (in Keys and controls). */
  payoutUseCases: {
    title: consoleEn.controls.useCasesTitle,
    route: readRoutes.listPayoutUseCases,
    detailPath: consolePaths.payoutUseCase,
    columns: [status, created],
    pagedByUrl: false,
  } satisfies ListDescription<PayoutUseCase>,
};

/** A page below `/console`: its path (React Router's syntax) and what it shows for a session. */
export type ConsolePage = [path: string, view: (session: ConsoleSession) => ReactNode];

/** The list page of a navigation section: the section's name as heading, a line of context, the list. */
function listPage<T extends { id: string }>(
  section: NavSection,
  intro: string,
  list: Omit<ListDescription<T>, 'title'>,
): ConsolePage {
  const title = consoleEn.nav[section];
  return [
    consolePaths[section],
    (session) => (
      <>
        <DocumentTitle>{m.documentTitle(title)}</DocumentTitle>
        <h1>{title}</h1>
        <p>{intro}</p>
        <PagedList session={session} title={title} {...list} />
      </>
    ),
  ];
}

/**
 * The detail page at `path` (below `/console`), whose one parameter is named as the read route's
 * (`payouts/:payoutId` for `GET /api/v1/payouts/:payoutId`).
 */
function detailPage<T extends { id: string }>(
  path: string,
  detail: Omit<RecordDetailProps<T>, 'session' | 'param'>,
): ConsolePage {
  const param = path.slice(path.indexOf('/:') + 2);
  return [path, (session) => <RecordDetail session={session} param={param} {...detail} />];
}

/** The subscription's mandate (`GET /api/v1/subscriptions/:id/direct-debit`), or none yet. */
function MandateSection({
  session,
  subscriptionId,
}: {
  session: ConsoleSession;
  subscriptionId: string;
}) {
  const mandate = useQuery(
    recordQuery(session, directDebitRoutes.getSubscriptionMandate, { subscriptionId }),
  );
  return (
    <Section id="mandate" title={m.mandateTitle}>
      {mandate.isPending && <p>{consoleEn.loading}</p>}
      {mandate.isError && <FailureAlert error={mandate.error} urgent={false} />}
      {mandate.data !== undefined && (
        <pre className="console-result__body">
          {JSON.stringify(mandate.data.data.data, null, 2)}
        </pre>
      )}
    </Section>
  );
}

/** Every list page and detail page of the console's records, for its router. */
export const recordPages: ConsolePage[] = [
  listPage('virtualAccounts', m.intro.virtualAccounts, {
    route: readRoutes.listVirtualAccounts,
    detailPath: consolePaths.virtualAccount,
    columns: [
      { header: m.type, cell: (account) => account.type },
      status,
      {
        header: m.accountNumber,
        cell: (account) => `${account.accountNumber} · ${account.bankName}`,
      },
      created,
    ],
  }),
  detailPage('virtual-accounts/:virtualAccountId', {
    kind: m.virtualAccount,
    route: readRoutes.getVirtualAccount,
    back: 'virtualAccounts',
  }),
  detailPage('subscriptions/:subscriptionId', {
    kind: m.subscription,
    route: subscriptionRoutes.getSubscription,
    back: 'subscriptions',
    children: (subscription, session) => (
      <>
        <PagedList
          session={session}
          title={m.invoices}
          route={readRoutes.listInvoices}
          filters={{ subscription_id: subscription.id }}
          detailPath={consolePaths.invoice}
          columns={[status, amount, { header: m.dueDate, cell: (invoice) => invoice.dueDate }]}
        />
        <MandateSection session={session} subscriptionId={subscription.id} />
      </>
    ),
  }),
  detailPage('invoices/:invoiceId', {
    kind: m.invoice,
    route: subscriptionRoutes.getInvoice,
    back: 'subscriptions',
  }),
  listPage('payouts', m.intro.payouts, {
    route: readRoutes.listPayouts,
    detailPath: consolePaths.payout,
    columns: [status, amount, created],
  }),
  detailPage('payouts/:payoutId', { kind: m.payout, route: readRoutes.getPayout, back: 'payouts' }),
  // A submitted payout use case and the service's review of it; back to Keys and controls.
  detailPage('payout-use-cases/:useCaseId', {
    kind: m.payoutUseCase,
    route: readRoutes.getPayoutUseCase,
    back: 'controls',
  }),
  listPage('beneficiaries', m.intro.payouts, {
    route: readRoutes.listBeneficiaries,
    detailPath: consolePaths.beneficiary,
    columns: [
      status,
      {
        header: m.bank,
        cell: (beneficiary) => `${beneficiary.accountNumber} · ${beneficiary.bankName}`,
      },
      created,
    ],
  }),
  detailPage('beneficiaries/:beneficiaryId', {
    kind: m.beneficiary,
    route: readRoutes.getBeneficiary,
    back: 'beneficiaries',
  }),
  [consolePaths.requests, (session) => <RequestLogView session={session} />],
  detailPage('requests/:requestId', {
    kind: m.request,
    route: readRoutes.getRequestLogEntry,
    back: 'requests',
  }),
];
