/**
 * The direct-debit setup page's live flow (loaded after the first view, with TanStack Query;
 * docs/decisions/0028, second addendum of issue 25): `use-setup-flow.ts` (the reads, the account
 * lookup, the authorization, status checks, the history and the tab's memory, the return), run by
 * a component that draws nothing itself and hands each flow to the page (src/lib/live-flow.tsx),
 * whose one screen draws it. So the bank step the first view drew stays in place, with what the
 * customer typed in it and the focus where it was.
 */
import { flowDriver } from '../../lib/live-flow';
import { useSetupFlow, type FirstViewHandover } from './use-setup-flow';

/** The setup page's live flow, once it knows more than "loading". */
export const LiveSetupFlow = flowDriver(
  (handover: FirstViewHandover) => useSetupFlow(handover),
  (flow) => flow.view.kind !== 'loading',
);
