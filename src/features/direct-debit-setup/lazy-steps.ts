/**
 * The account and confirm steps and the status view, loaded on demand: the form steps bring
 * react-hook-form and its resolver, which a customer who is only choosing a bank (or only looking
 * at a status) does not need yet (docs/decisions/0006-setup-page-first-load.md); the status view
 * is shown only once a mandate exists, so a first visit does not download it
 * (docs/decisions/0018-first-load-bytes.md). {@link preloadFormSteps} starts the downloads
 * early, when the customer starts using the bank step, so the next step (and the status that
 * follows the confirm step) is usually there when they press Continue.
 *
 * Each step also needs the steps' words (`setup-steps.po`) in the page's language: a step is
 * ready once both its code and that catalog part are in.
 *
 * A download that fails surfaces as a {@link StepLoadError} from the lazy component, for the
 * page's own error boundary (`step-load-boundary.tsx`), which keeps the flow's state and offers a
 * retry. `React.lazy` remembers a failed load for good, so the retry renders components from a
 * fresh {@link createFormSteps}, whose `import()` is tried again.
 */
import { lazy } from 'react';
import { loadPartInActiveLanguage } from '../../messages/i18n';
import type { AccountStep } from './account-step';
import type { ConfirmStep } from './confirm-step';
import type { StatusView } from './status-view';

/** A step's code could not be downloaded (a flaky network, or a deploy that removed the chunk). */
export class StepLoadError extends Error {
  constructor(cause: unknown) {
    super('A step of the setup page could not be loaded', { cause });
    this.name = 'StepLoadError';
  }
}

/** The steps' chunks, one `import()` each; an object so that a test can make a download fail. */
export const stepModules = {
  account: () => import('./account-step'),
  confirm: () => import('./confirm-step'),
  status: () => import('./status-view'),
};

// A step's module registers the steps' catalog part (steps-catalog.ts); the step renders once
// that part is loaded in the active language too, so it never shows message ids.
async function load<T>(loader: () => Promise<T>): Promise<T> {
  try {
    const module = await loader();
    await loadPartInActiveLanguage('setup-steps');
    return module;
  } catch (error) {
    throw new StepLoadError(error);
  }
}

let preloading: Promise<unknown> | null = null;

/** Starts downloading the steps after the bank step (once; again after a failure). Never rejects. */
export function preloadFormSteps(): void {
  preloading ??= Promise.all([
    stepModules.account(),
    stepModules.confirm(),
    stepModules.status(),
  ]).catch(() => {
    // A flaky network: a later preload may try again, and a step that fails to load when it is
    // shown gets a retry of its own (createFormSteps).
    preloading = null;
  });
}

/**
 * The lazily loaded steps, as the page renders them. Typed as what `lazy` returns: React's types
 * call it `LazyExoticComponent`, Preact's (`npm run typecheck`, decision 0031) have no such name.
 */
export interface LazySteps {
  AccountStep: ReturnType<typeof lazy<typeof AccountStep>>;
  ConfirmStep: ReturnType<typeof lazy<typeof ConfirmStep>>;
  StatusView: ReturnType<typeof lazy<typeof StatusView>>;
}

/**
 * New lazy components for the steps. Each set loads its chunks once (a module already
 * downloaded comes from the browser's module map); a set whose load failed keeps failing, so a
 * retry takes a new set. A failed download rejects with {@link StepLoadError}.
 */
export function createLazySteps(): LazySteps {
  return {
    AccountStep: lazy(async () => ({ default: (await load(stepModules.account)).AccountStep })),
    ConfirmStep: lazy(async () => ({ default: (await load(stepModules.confirm)).ConfirmStep })),
    StatusView: lazy(async () => ({ default: (await load(stepModules.status)).StatusView })),
  };
}
