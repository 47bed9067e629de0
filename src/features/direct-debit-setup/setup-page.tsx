/**
 * The direct-debit setup page at `/direct-debit/setup#token=…` (product.md, "Direct-debit setup:
 * the flow"). One screen (`setup-screen.tsx`) draws the page's flow: first the first flow
 * (`first-setup-flow.ts`), the bank step drawn from the first reads as soon as the page's own code
 * is in; then the live flow (`live-setup.tsx`, with TanStack Query and the root of server state),
 * which downloads once the first reads have settled and takes the screen over once it knows as
 * much (docs/decisions/0028, second addendum of issue 25). Continue pressed before is handed over
 * and acted on at once; while the live flow cannot be downloaded the frame keeps "Loading…"
 * offline, and online the bank step comes back (as the customer left it: the tab remembers the
 * bank and the number), to be pressed again (src/lib/live-flow.tsx says when the page gives up).
 */
import { useRef, useState } from 'react';
import { LiveFlowHost } from '../../lib/live-flow';
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as setupEnglish } from '../../messages/locales/en/setup.po';
import { useFirstSetupFlow } from './first-setup-flow';
import { SetupScreen } from './setup-screen';
import type { BankChoice, SetupFlow } from './use-setup-flow';

// The page's own English, in its first load; another language's setup catalog loads when chosen.
registerPart(
  'setup',
  setupEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/setup.po',
    '!../../messages/locales/en/setup.po',
  ]),
);

const loadLiveFlow = async () => (await import('./live-setup')).LiveSetupFlow;

/** The route's page component. */
export function SetupPage() {
  const [live, setLive] = useState<SetupFlow | null>(null);
  const [chosenBank, setChosenBank] = useState<BankChoice | null>(null);
  // Tries a failed download of the live flow again at once (LiveFlowHost's `onFailed`).
  const retryLive = useRef<() => void>(() => undefined);
  const first = useFirstSetupFlow({
    chosenBank,
    onChooseBank: (choice) => {
      setChosenBank(choice);
      retryLive.current();
    },
  });
  return (
    <>
      <LiveFlowHost
        load={loadLiveFlow}
        props={{ chosenBank, onFlow: setLive }}
        start={first.settled}
        onFailed={(retryNow) => {
          retryLive.current = retryNow;
          // Online, a choice waiting for the live flow is released, to be made again (offline
          // the frame keeps "Loading…" and the choice goes on once the browser is back online).
          if (navigator.onLine) setChosenBank(null);
        }}
      />
      <SetupScreen flow={live ?? first.flow} />
    </>
  );
}
