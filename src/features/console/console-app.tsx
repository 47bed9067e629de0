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
import { ControlsView } from './controls-view';
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
            <li>
              <NavLink end to={consolePaths.payments}>
                {nav.payments}
              </NavLink>
            </li>
            <li>
              <NavLink to={consolePaths.subscriptions}>{nav.subscriptions}</NavLink>
            </li>
            <li>
              <NavLink to={consolePaths.webhooks}>{nav.webhooks}</NavLink>
            </li>
            <li>
              <NavLink to={consolePaths.controls}>{nav.controls}</NavLink>
            </li>
          </ul>
        </nav>
        <Button variant="secondary" onClick={signOut}>
          {consoleEn.signOut}
        </Button>
      </header>
      <main className="console__main">
        <Routes>
          <Route index element={<PaymentsView session={session} />} />
          <Route path="payments/:paymentId" element={<PaymentDetailView session={session} />} />
          <Route path="subscriptions" element={<SubscriptionsView session={session} />} />
          <Route path="webhooks" element={<WebhooksView session={session} />} />
          <Route path="controls" element={<ControlsView session={session} />} />
          <Route path="*" element={<PaymentsView session={session} />} />
        </Routes>
      </main>
    </Frame>
  );
}
