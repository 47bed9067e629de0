/**
 * The setup form's steps as browser history entries, and what a reload of the tab keeps (issue
 * 14, point 2; product.md, "Direct-debit setup: the flow").
 *
 * - Each step (bank, account, confirm) is an entry: `history.pushState` with the step in
 *   `history.state` (never in the URL: no token, name or number there). Back and Forward send the
 *   flow `navigated`, which only moves between steps: nothing is ever sent again by navigation.
 * - Once the status view shows, its entry says so and Back never re-enters the steps (the view is
 *   the server's: a mandate always shows its status).
 * - What the form had (bank, number, the names looked up) is the tab's memory of the link
 *   (`setup-memory.ts`); after a reload, or leaving and coming back, the entry's step resumes with
 *   it, so each entry lands on the step it names (issue 27, point 4).
 */
import { useLayoutEffect } from 'react';
import type { FlowEvent, HistoryStep, KeptDraft } from './flow-state';
import type { SetupView } from './page-state';
import { recallSetup } from './setup-memory';

type Entry = HistoryStep | 'status';
const depth: Record<Entry, number> = { bank: 0, account: 1, confirm: 2, status: 3 };

/**
 * The history entry of each view; other views (loading, failures, closed, a lookup or an
 * authorization in flight between two steps) leave the entry as it is.
 */
const entries: Partial<Record<SetupView['kind'], Entry>> = {
  chooseBank: 'bank',
  enterAccount: 'account',
  confirm: 'confirm',
  status: 'status',
};

function entryIn(state: unknown): Entry | null {
  const step = typeof state === 'object' && state !== null && 'ddStep' in state && state.ddStep;
  return typeof step === 'string' && step in depth ? (step as Entry) : null;
}

function mark(entry: Entry, how: 'push' | 'replace'): void {
  // Other keys of the entry's state (a router's, say) are kept.
  const state: unknown = window.history.state;
  const next = { ...(typeof state === 'object' ? state : null), ddStep: entry };
  if (how === 'push') window.history.pushState(next, '');
  else window.history.replaceState(next, '');
}

/**
 * What this tab kept of the form of the link of `memoryKey` (`setupMemoryKey`): the step of the
 * current history entry, with the bank, number and lookups the tab remembers; null on a fresh
 * visit, at the status view, or when nothing is remembered for the link.
 */
export function keptDraft(memoryKey: string): KeptDraft | null {
  const step = entryIn(window.history.state);
  if (step === null || step === 'status') return null;
  const memory = recallSetup(memoryKey);
  if (memory === null || memory.draft === null) return null;
  return { step, ...memory.draft, lookups: memory.lookups };
}

/**
 * Keeps the browser history in step with `view`, and sends the flow `navigated` on Back and
 * Forward.
 */
export function useStepHistory(view: SetupView, dispatch: (event: FlowEvent) => void): void {
  const entry = entries[view.kind] ?? null;
  // A layout effect: it runs with the render, before the browser handles another Back. A
  // passive one runs a frame later in Preact (decision 0027): after two quick Backs it would
  // find the history already a step further back, take the step it was rendering for as
  // "deeper", and push it, wiping the Forward entries.
  useLayoutEffect(() => {
    if (entry === null) return;
    const current = entryIn(window.history.state);
    if (current === entry) return;
    // Deeper is a new entry; the status view and going back within the page replace this one.
    const deeper = current !== null && depth[entry] > depth[current] && entry !== 'status';
    mark(entry, deeper ? 'push' : 'replace');
  }, [entry]);

  // A layout effect too: registered in the same task as the render that read the history entry
  // (the flow's starting state, `keptDraft`), so no Back or Forward can fall between the two. A
  // passive one runs a frame later, and a flow mounted while the customer pressed Forward (the
  // live flow taking over from the first view) stayed on the step it started from.
  useLayoutEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const to = entryIn(event.state);
      if (to !== null && to !== 'status') dispatch({ type: 'navigated', to });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [dispatch]);
}
