/**
 * The direct-debit setup page's first flow (docs/decisions/0028, second addendum of issue 25): the
 * bank step, drawn from the page's two first reads (the setup and the bank list) as soon as they
 * and the page's own code are in, before TanStack Query and the live flow (`use-setup-flow.ts`)
 * have arrived. The page draws it with the same screen (`setup-screen.tsx`), from the same
 * schemas' parse of the same answers (`setup-answer.ts`) and the same derivation of the view
 * (`setupView`) from the same starting state (`initialState(keptDraft(…))`), and the live flow
 * then takes the screen over without drawing it again.
 *
 * It takes nothing away from the live flow: the reads the page document's inline script sent are
 * looked at, not taken (src/lib/use-first-answer.ts), so the live flow's queries take them and
 * each read is sent once. It shows only the bank step, the view a customer opens the link for;
 * every other view (a later step the tab remembers, a mandate's status, a closed setup, a
 * failure) waits for the live flow in the frame's "Loading…" (under the merchant's header once the
 * setup is known). It sends nothing (the bank step keeps the tab's memory of what was typed and
 * picked, as in the live flow): Continue pressed here (`bankChosen`) is handed to the live flow
 * (`onChooseBank`), which moves on from the bank step as if it had been pressed there; meanwhile
 * the frame says "Loading…".
 */
import { useMemo, useState } from 'react';
import { selectedFirstAnswer, useFirstAnswer } from '../../lib/use-first-answer';
import { useHostedLinkToken } from '../../lib/use-hosted-link';
import { initialState } from './machine';
import { setupView } from './page-state';
import { selectBanks, selectSetup } from './setup-answer';
import { keptDraft } from './setup-history';
import { setupMemoryKey } from './setup-memory';
import type { BankChoice, SetupFlow } from './use-setup-flow';

const inert = () => undefined;

/** Inputs of {@link useFirstSetupFlow}. */
export interface FirstSetupInput {
  /** The bank chosen in this flow (Continue pressed), for the live flow to act on; null before. */
  chosenBank: BankChoice | null;
  /** Continue pressed in this flow's bank step. */
  onChooseBank: (choice: BankChoice) => void;
}

/**
 * The setup page's first flow (see the module's comment), and whether its first reads have
 * settled (drawn, or nothing to draw): the live flow may then start downloading.
 */
export function useFirstSetupFlow({ chosenBank, onChooseBank }: FirstSetupInput): {
  flow: SetupFlow;
  settled: boolean;
} {
  const { reading, token } = useHostedLinkToken('directDebitSetup');
  const memoryKey = setupMemoryKey(token);
  const setupRead = useFirstAnswer({ read: 'getSetup' }, reading);
  const banksRead = useFirstAnswer({ read: 'listSetupBanks' }, reading);
  const setup = useMemo(
    () => selectedFirstAnswer(selectSetup, setupRead.answer),
    [setupRead.answer],
  );
  const banks = useMemo(
    () => selectedFirstAnswer(selectBanks, banksRead.answer),
    [banksRead.answer],
  );
  // Where the live flow starts too: the step of the history entry, with what the tab kept.
  const [flowState] = useState(() => initialState(keptDraft(memoryKey)));
  const view = setupView({
    token: reading,
    data: setup,
    readFailure: null,
    // When the setup arrived matters to the status view only, which this flow never draws.
    updatedAt: 0,
    fetching: false,
    flow: flowState,
  });
  const drawn = view.kind === 'chooseBank' && banks !== undefined && chosenBank === null;
  const flow: SetupFlow = {
    // Not drawn: the frame's "Loading…", with the merchant's header once the setup is known.
    view: drawn ? view : { kind: 'loading', setup: setup ?? null },
    send: (event) => {
      if (event.type === 'bankChosen') {
        onChooseBank({ bank: event.bank, accountNumber: event.accountNumber });
      }
    },
    banks: { data: banks, isError: false, isPending: banks === undefined, refetch: inert },
    memoryKey,
    handingOver: false,
  };
  return { flow, settled: setupRead.settled && banksRead.settled };
}
