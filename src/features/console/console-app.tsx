/**
 * The sandbox console (issue 16; docs/decisions/0019-sandbox-console.md): sign-in with a secret
 * key kept for the tab, then the console's views under `/console`, each acting as that key on the
 * merchant API and the sandbox controls. Signing out forgets the key and every cached answer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { NavLink, Route, Routes } from 'react-router';
import { Button } from '../../components/button';
import { consoleEn } from '../../messages/console-en';
import { consoleKeys } from './api';
import { BrandingView } from './branding-view';
import { ControlsView } from './controls-view';
import { FiguresView } from './figures-view';
import { recordPages } from './list-views';
import { consolePaths, type NavSection } from './paths';
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

/** The console's views other than its record pages (list-views.tsx), by path below `/console`. */
const views: [string, ComponentType<{ session: ConsoleSession }>][] = [
  ['payments/:paymentId', PaymentDetailView],
  ['subscriptions', SubscriptionsView],
  ['figures', FiguresView],
  ['webhooks', WebhooksView],
  ['controls', ControlsView],
  ['branding', BrandingView],
];

/** The navigation's sections, in its order. */
const sections: NavSection[] = [
  'payments',
  'virtualAccounts',
  'subscriptions',
  'figures',
  'webhooks',
  'requests',
  'payouts',
  'beneficiaries',
  'controls',
  'branding',
];

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
        <main className="page__main console__main">
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
  return (
    <Frame session={session}>
      <header className="console__header">
        <p className="console__title">{consoleEn.title}</p>
        <p className="console__mode">
          <strong className="console__badge">{consoleEn.modeBadge[session.mode]}</strong>{' '}
          {consoleEn.modeNote[session.mode]}
        </p>
        <nav aria-label={consoleEn.nav.label}>
          <ul className="console__nav">
            {sections.map((section) => (
              <li key={section}>
                <NavLink end={section === 'payments'} to={consolePaths[section]}>
                  {consoleEn.nav[section]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Button variant="secondary" onClick={signOut}>
          {consoleEn.signOut}
        </Button>
      </header>
      <main className="page__main console__main">
        <Routes>
          {/* The router sees the whole path: the console's routes are all below /console. */}
          <Route path="console">
            <Route index element={<PaymentsView session={session} />} />
            {views.map(([path, View]) => (
              <Route key={path} path={path} element={<View session={session} />} />
            ))}
            {recordPages.map(([path, view]) => (
              <Route key={path} path={path} element={view(session)} />
            ))}
            <Route path="*" element={<PaymentsView session={session} />} />
          </Route>
          <Route path="*" element={<PaymentsView session={session} />} />
        </Routes>
      </main>
    </Frame>
  );
}
