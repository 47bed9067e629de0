/**
 * What the direct-debit setup page shows for a flow (product.md, "Direct-debit setup: the flow"):
 * the step matching where the customer stands, in the hosted pages' frame
 * (src/components/hosted-page.tsx: the merchant's header in its brand colour, the test-mode
 * banner, and a polite live region that announces status changes). Composition only: the flow is
 * the first view's (`first-setup-flow.ts`) or the live one's (`use-setup-flow.ts`); one screen
 * draws both, so the first view is the same view and the live flow takes it over without drawing it
 * again (docs/decisions/0028, second addendum of issue 25). The lazily loaded steps sit inside the
 * page's own error boundary (step-load-boundary.tsx), below the flow's state, so a failed download
 * is retried without losing what the customer entered.
 */
import { useCallback, useState } from 'react';
import { FailureView } from '../../components/failure-view';
import { HostedPage, PageLoading } from '../../components/hosted-page';
import type { PageMessages } from '../../messages/use-messages';
import { BankStep } from './bank-step';
import { ClosedView } from './closed-view';
import { createLazySteps, preloadFormSteps, type LazySteps } from './lazy-steps';
import type { SetupView } from './page-state';
import { keepTypedNumber } from './setup-memory';
import { statusTitle } from './status-title';
import { StepLoadBoundary } from './step-load-boundary';
import type { SetupFlow } from './use-setup-flow';

/**
 * Which view a state shows. States that share a view (a step and its request in flight) share a
 * key, so the view and its form stay mounted and keep what was typed; a new key is a new step,
 * whose heading takes focus.
 */
function stepKey(state: SetupView): string {
  switch (state.kind) {
    case 'enterAccount':
    case 'resolving':
      return 'account';
    case 'confirm':
    case 'submitting':
      return 'confirm';
    case 'status':
      // A new status is a new step: its heading takes focus (the live region also says it).
      return `status-${state.mandate.status}`;
    default:
      return state.kind;
  }
}

/** What the polite live region says for a state: a new mandate status, else nothing. */
function announcement(state: SetupView, _: PageMessages['_']): string {
  return state.kind === 'status' ? _(statusTitle(state.mandate.status)) : '';
}

function Step({ flow, steps }: { flow: SetupFlow; steps: LazySteps }) {
  const { view: state, send } = flow;
  const { AccountStep, ConfirmStep, StatusView } = steps;
  switch (state.kind) {
    case 'loading':
    case 'invalidLink':
      return null; // The frame shows these (src/components/hosted-page.tsx).
    case 'closed':
      return <ClosedView setup={state.setup} />;
    case 'chooseBank':
      // The bank step shows once its list is there: shown without it, the list arriving would push
      // Continue down the screen (a layout shift on a slow network, measured by `npm run bench`).
      if (flow.banks.isPending) return <PageLoading page="directDebitSetup" />;
      return (
        <BankStep
          {...state}
          banks={flow.banks}
          memoryKey={flow.memoryKey}
          onChoose={(bank, accountNumber) => send({ type: 'bankChosen', bank, accountNumber })}
          onIntent={preloadFormSteps}
        />
      );
    case 'enterAccount':
    case 'resolving':
      return (
        <AccountStep
          bank={state.bank}
          accountNumber={state.accountNumber}
          notice={state.kind === 'enterAccount' ? state.notice : null}
          busy={state.kind === 'resolving'}
          onSubmit={(accountNumber) => send({ type: 'accountEntered', accountNumber })}
          onChangeBank={(accountNumber) => send({ type: 'changeBank', accountNumber })}
          onTyped={(digits) => keepTypedNumber(flow.memoryKey, state.bank, digits)}
        />
      );
    case 'confirm':
    case 'submitting':
      return (
        <ConfirmStep
          {...state}
          notice={state.kind === 'confirm' ? state.notice : null}
          busy={state.kind === 'submitting'}
          onConfirm={() => send({ type: 'confirmed' })}
          onChangeAccount={() => send({ type: 'changeAccount' })}
        />
      );
    case 'status':
      return (
        <StatusView
          {...state}
          onCheckNow={() => send({ type: 'checkNow' })}
          onStayHere={() => send({ type: 'stayHere' })}
          onReturnNow={() => send({ type: 'returnNow' })}
          onTryAnotherAccount={() => send({ type: 'tryAnotherAccount' })}
          onDisableRequested={() => send({ type: 'disableRequested' })}
          onDisableCancelled={() => send({ type: 'disableCancelled' })}
          onDisableConfirmed={() => send({ type: 'disableConfirmed' })}
        />
      );
    case 'failure':
      return (
        <FailureView
          failure={state.failure}
          inputKept={state.inputKept}
          onRetry={() => send({ type: 'retry' })}
        />
      );
  }
}

/** The page's screen for `flow`, whichever flow it is. */
export function SetupScreen({ flow }: { flow: SetupFlow }) {
  const { view: state } = flow;
  // Replaced after a failed download: React.lazy would otherwise fail again without trying.
  const [steps, setSteps] = useState(createLazySteps);
  const reloadSteps = useCallback(() => setSteps(createLazySteps()), []);
  const key = stepKey(state);
  return (
    <HostedPage
      page="directDebitSetup"
      view={state}
      record={state.kind === 'invalidLink' ? null : state.setup}
      announcement={(_) => announcement(state, _)}
      outcomeTitle={(_) => announcement(state, _)}
      viewBoundary={(content) => (
        <StepLoadBoundary stepKey={key} onRetry={reloadSteps}>
          {content}
        </StepLoadBoundary>
      )}
    >
      <Step key={key} flow={flow} steps={steps} />
    </HostedPage>
  );
}
