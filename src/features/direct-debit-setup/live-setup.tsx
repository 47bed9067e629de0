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

/**
 * The setup page's live flow, once it can draw what it knows: not while it is loading, nor while
 * its bank step would wait for the bank list (read again when the document's read was too old to
 * take), nor while it still has to act on Continue pressed in the first view. Until then the first
 * view stands, with the bank step the customer may be typing in.
 */
export const LiveSetupFlow = flowDriver(
  (handover: FirstViewHandover) => useSetupFlow(handover),
  ({ view, banks, handingOver }) =>
    view.kind !== 'loading' && !(view.kind === 'chooseBank' && banks.isPending) && !handingOver,
);
