/**
 * The sandbox console (issue 16; docs/decisions/0019-sandbox-console.md): sign-in with a secret
 * key kept for the tab, then the console's views under `/console`, each acting as that key on the
 * merchant API and the sandbox controls. Signing out forgets the key and every cached answer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { Button } from '../../components/button';
import { consoleEn } from '../../messages/console-en';
import { consoleKeys } from './api';
import { BrandingView } from './branding-view';
import { ControlsView } from './controls-view';
import { FiguresView } from './figures-view';
import {
  BeneficiariesView,
  BeneficiaryDetailView,
  InvoiceDetailView,
  PayoutDetailView,
  PayoutUseCaseDetailView,
  PayoutsView,
  RequestDetailView,
  RequestLogView,
  SubscriptionDetailView,
  VirtualAccountDetailView,
  VirtualAccountsView,
} from './list-views';
import { consolePaths } from './paths';
import { PaymentDetailView } from './payment-detail-view';
import { PaymentsView } from './payments-view';
import {
  clearStoredSession,
  readStoredSession,
  storeSession,
  type ConsoleSession,
} from './session';
import { SignInView } from './sign-in-view';
import { SubscriptionsView } from './subscriptions-view';
import { WebhooksView } from './webhooks-view';

function Frame({ session, children }: { session: ConsoleSession | null; children: ReactNode }) {
  return (
    <div className={session === null ? 'console' : `console console--${session.mode}`}>
      {children}
    </div>
  );
}

export function ConsoleApp() {
  const queryClient = useQueryClient();
  const [session, setSession] = useState(readStoredSession);

  if (session === null) {
    return (
      <Frame session={null}>
        <main className="console__main">
          <SignInView
            onSignedIn={(signedIn) => {
              storeSession(signedIn);
              setSession(signedIn);
            }}
          />
        </main>
      </Frame>
    );
  }

  const signOut = () => {
    clearStoredSession();
    queryClient.removeQueries({ queryKey: consoleKeys.all });
    setSession(null);
  };
  const nav = consoleEn.nav;
  const navLinks: [string, string][] = [
    [consolePaths.payments, nav.payments],
    [consolePaths.virtualAccounts, nav.virtualAccounts],
    [consolePaths.subscriptions, nav.subscriptions],
    [consolePaths.figures, nav.figures],
    [consolePaths.webhooks, nav.webhooks],
    [consolePaths.requests, nav.requests],
    [consolePaths.payouts, nav.payouts],
    [consolePaths.beneficiaries, nav.beneficiaries],
    [consolePaths.controls, nav.controls],
    [consolePaths.branding, nav.branding],
  ];
  return (
    <Frame session={session}>
      <header className="console__header">
        <p className="console__title">{consoleEn.title}</p>
        <p className="console__mode">
          <strong className="console__badge">{consoleEn.modeBadge[session.mode]}</strong>{' '}
          {consoleEn.modeNote[session.mode]}
        </p>
        <nav aria-label={nav.label}>
          <ul className="console__nav">
            {navLinks.map(([to, label]) => (
              <li key={to}>
                <NavLink end={to === consolePaths.payments} to={to}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Button variant="secondary" onClick={signOut}>
          {consoleEn.signOut}
        </Button>
      </header>
      <main className="console__main">
        <Routes>
          {/* The router sees the whole path: the console's routes are all below /console. */}
          <Route path="console">
            <Route index element={<PaymentsView session={session} />} />
            <Route path="payments/:paymentId" element={<PaymentDetailView session={session} />} />
            <Route path="virtual-accounts" element={<VirtualAccountsView session={session} />} />
            <Route
              path="virtual-accounts/:virtualAccountId"
              element={<VirtualAccountDetailView session={session} />}
            />
            <Route path="subscriptions" element={<SubscriptionsView session={session} />} />
            <Route
              path="subscriptions/:subscriptionId"
              element={<SubscriptionDetailView session={session} />}
            />
            <Route path="invoices/:invoiceId" element={<InvoiceDetailView session={session} />} />
            <Route path="figures" element={<FiguresView session={session} />} />
            <Route path="requests" element={<RequestLogView session={session} />} />
            <Route path="requests/:requestId" element={<RequestDetailView session={session} />} />
            <Route path="payouts" element={<PayoutsView session={session} />} />
            <Route path="payouts/:payoutId" element={<PayoutDetailView session={session} />} />
            <Route
              path="payout-use-cases/:useCaseId"
              element={<PayoutUseCaseDetailView session={session} />}
            />
            <Route path="beneficiaries" element={<BeneficiariesView session={session} />} />
            <Route
              path="beneficiaries/:beneficiaryId"
              element={<BeneficiaryDetailView session={session} />}
            />
            <Route path="webhooks" element={<WebhooksView session={session} />} />
            <Route path="controls" element={<ControlsView session={session} />} />
            <Route path="branding" element={<BrandingView session={session} />} />
            <Route path="*" element={<PaymentsView session={session} />} />
          </Route>
          <Route path="*" element={<PaymentsView session={session} />} />
        </Routes>
      </main>
    </Frame>
  );
}
