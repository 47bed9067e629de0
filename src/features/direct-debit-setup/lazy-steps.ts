/**
 * The account and confirm steps, loaded on demand: they bring react-hook-form and its resolver,
 * which a customer who is only choosing a bank (or only looking at a status) does not need yet
 * (docs/decisions/0006-setup-page-first-load.md). {@link preloadFormSteps} starts the download
 * early, when the customer starts using the bank step, so the next step is usually there when
 * they press Continue.
 */
import { lazy } from 'react';

let preloading: Promise<unknown> | null = null;

const loadAccountStep = () => import('./account-step');
const loadConfirmStep = () => import('./confirm-step');

/** Starts downloading both steps (once; again after a failure). Never rejects. */
export function preloadFormSteps(): void {
  preloading ??= Promise.all([loadAccountStep(), loadConfirmStep()]).catch(() => {
    // A flaky network: the lazy components try again when they are needed.
    preloading = null;
  });
}

export const LazyAccountStep = lazy(async () => ({
  default: (await loadAccountStep()).AccountStep,
}));
export const LazyConfirmStep = lazy(async () => ({
  default: (await loadConfirmStep()).ConfirmStep,
}));
