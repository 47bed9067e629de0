/**
 * The direct-debit setup page at `/direct-debit/setup#token=…` (product.md, "Direct-debit setup:
 * the flow"). Composition only: the flow (`use-setup-flow.ts`) says where the customer stands and
 * this page shows the matching step, with the merchant's header in its brand colour, the test-mode
 * banner, and a polite live region that announces status changes. The lazily loaded steps sit
 * inside the page's own error boundary (step-load-boundary.tsx), below the flow's state, so a
 * failed download is retried without losing what the customer entered.
 */
import { Suspense, useCallback, useState } from 'react';
import type { SetupState } from '../../../contract/direct-debit';
import { PageTop } from '../../components/page-top';
import { OfflineBanner } from '../../components/offline-banner';
import { InvalidLinkView } from '../../components/invalid-link-view';
import { StepHeading } from '../../components/step-heading';
import { brandStyle } from '../../lib/brand-color';
import { registerPart, type CatalogModule, type PlainMessageId } from '../../messages/i18n';
import { messages as setupEnglish } from '../../messages/locales/en/setup.po';
import { useMessages, usePageLanguage } from '../../messages/use-messages';
import { BankStep } from './bank-step';
import { ClosedView } from './closed-view';
import { FailureView } from './failure-view';
import { createLazySteps, preloadFormSteps, type LazySteps } from './lazy-steps';
import type { SetupView } from './page-state';
import { keepTypedNumber } from './setup-history';
import { statusTitle } from './status-title';
import { StepLoadBoundary } from './step-load-boundary';
import { useSetupFlow, type SetupFlow } from './use-setup-flow';
import { DocumentTitle } from '../../components/document-title';

// The page's own English, in its first load; another language's setup catalog loads when chosen.
registerPart(
  'setup',
  setupEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/setup.po',
    '!../../messages/locales/en/setup.po',
  ]),
);

/** The setup the page last heard from the server, for the header and banner. */
function setupOf(state: SetupView): SetupState | null {
  return state.kind === 'invalidLink' ? null : state.setup;
}

/** The page before it can show its step: the setup or, for the bank step, the bank list is on its way. */
function Loading() {
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{_('setup.loadingTitle')}</StepHeading>
      <p role="status">{_('common.loading')}</p>
    </>
  );
}

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
function announcement(state: SetupView): PlainMessageId | null {
  return state.kind === 'status' ? statusTitle(state.mandate.status) : null;
}

function Step({ flow, steps }: { flow: SetupFlow; steps: LazySteps }) {
  const { _ } = useMessages();
  const { view: state, send } = flow;
  const { AccountStep, ConfirmStep, StatusView } = steps;
  switch (state.kind) {
    case 'loading':
      return <Loading />;
    case 'invalidLink':
      return (
        <InvalidLinkView
          messages={{
            title: _('setup.invalidLink.title'),
            reasons: {
              missing: _('setup.invalidLink.reasons.missing'),
              malformed: _('setup.invalidLink.reasons.malformed'),
              unknown: _('setup.invalidLink.reasons.unknown'),
              expired: _('setup.invalidLink.reasons.expired'),
              revoked: _('setup.invalidLink.reasons.revoked'),
            },
            whatToDo: (merchant) =>
              merchant === null
                ? _('setup.invalidLink.whatToDoNoMerchant')
                : _('setup.invalidLink.whatToDo', { merchant }),
          }}
          reason={state.reason}
          merchant={state.merchant}
          requestId={state.requestId}
        />
      );
    case 'closed':
      return <ClosedView setup={state.setup} />;
    case 'chooseBank':
      // The bank step shows once its list is there: shown without it, the list arriving would push
      // Continue down the screen (a layout shift on a slow network, measured by `npm run bench`).
      if (flow.banks.isPending) return <Loading />;
      return (
        <BankStep
          setup={state.setup}
          banks={flow.banks}
          accountNumber={state.accountNumber}
          notice={state.notice}
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
          onTyped={(digits) => keepTypedNumber(state.bank, digits)}
        />
      );
    case 'confirm':
    case 'submitting':
      return (
        <ConfirmStep
          setup={state.setup}
          bank={state.bank}
          accountNumber={state.accountNumber}
          accountName={state.accountName}
          notice={state.kind === 'confirm' ? state.notice : null}
          busy={state.kind === 'submitting'}
          onConfirm={() => send({ type: 'confirmed' })}
          onChangeAccount={() => send({ type: 'changeAccount' })}
        />
      );
    case 'status':
      return (
        <StatusView
          setup={state.setup}
          mandate={state.mandate}
          lastCheckedAt={state.lastCheckedAt}
          check={state.check}
          onCheckNow={() => send({ type: 'checkNow' })}
          autoReturn={state.autoReturn}
          onStayHere={() => send({ type: 'stayHere' })}
          onReturnNow={() => send({ type: 'returnNow' })}
          onTryAnotherAccount={() => send({ type: 'tryAnotherAccount' })}
          disable={state.disable}
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

/** The route's page component. */
export function SetupPage() {
  const flow = useSetupFlow();
  const { view: state } = flow;
  const setup = setupOf(state);
  const merchant = setup?.merchant ?? (state.kind === 'invalidLink' ? state.merchant : null);
  const mode = setup?.mode ?? (state.kind === 'invalidLink' ? state.mode : null);
  // Replaced after a failed download: React.lazy would otherwise fail again without trying.
  const [steps, setSteps] = useState(createLazySteps);
  const reloadSteps = useCallback(() => setSteps(createLazySteps()), []);
  const key = stepKey(state);
  const { _ } = useMessages();
  // Until the page's language is known and loaded, it keeps its loading frame. A refused link
  // keeps the last answer's preference, and a re-read (loading with the setup known) keeps the
  // known one, so neither drops the merchant's language nor unmounts the switch mid-flow.
  const languageReady = usePageLanguage(
    'setup',
    state.kind === 'invalidLink'
      ? state.preferredLanguage
      : state.kind === 'loading' && setup === null
        ? undefined
        : (setup?.preferredLanguage ?? null),
  );
  const waiting = state.kind === 'loading' || !languageReady;
  const announcedId = announcement(state);

  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <DocumentTitle>
        {state.kind === 'invalidLink'
          ? _('setup.invalidLink.documentTitle')
          : _('setup.documentTitle')}
      </DocumentTitle>
      <PageTop
        mode={mode}
        merchant={merchant}
        logoAlt={(name) => _('common.merchantLogo', { merchant: name })}
        waiting={waiting}
      />
      <main className="page__main">
        <OfflineBanner />
        <StepLoadBoundary stepKey={key} onRetry={reloadSteps}>
          <Suspense fallback={<p role="status">{_('common.loading')}</p>}>
            {languageReady ? <Step key={key} flow={flow} steps={steps} /> : <Loading />}
          </Suspense>
        </StepLoadBoundary>
      </main>
      <p className="visually-hidden" aria-live="polite">
        {announcedId !== null && _(announcedId)}
      </p>
    </div>
  );
}
