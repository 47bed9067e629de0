/**
 * The automatic return to the merchant after a hosted page's success (product.md, flow step 6 and
 * "Checkout pages"; service-api.md, "Hosted customer setup", rule 4; issue 14, point 3), shared by
 * the pages that return: the countdown, and what the tab remembers of it.
 *
 * - At most once per link per tab: once the page has returned the customer, or the customer chose
 *   "Stay here", the tab remembers it (sessionStorage, keyed by the caller's `key`, e.g. the
 *   mandate), so Back from the merchant's site or a reload never counts down again.
 * - The countdown (seconds) pauses while it holds focus or the pointer is over it (WCAG 2.2.1).
 *
 * The page's flow still decides whether it may count down at all (approved, debit on, a valid
 * return URL) and performs the redirect; this hook tells it when the time is up.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useCountdown } from './use-countdown';

/** How the tab settled a link's automatic return. */
export type AutoReturnOutcome = 'returned' | 'stayed';

/**
 * Where a page's automatic return stands: `off` without a valid return URL (derived from the
 * server's answer, never stored); `counting` during the countdown; `stayed` after "Stay here";
 * `leaving` once the redirect is due (the page's hook performs it).
 */
export type AutoReturn = 'off' | 'counting' | 'stayed' | 'leaving';

function storageKey(key: string): string {
  return `auto-return:${key}`;
}

/** How this tab already settled `key`'s automatic return, or null. Never throws. */
export function settledAutoReturn(key: string): AutoReturnOutcome | null {
  try {
    const value = window.sessionStorage.getItem(storageKey(key));
    return value === 'returned' || value === 'stayed' ? value : null;
  } catch {
    return null;
  }
}

/** Remembers for this tab that `key`'s automatic return is settled. Never throws. */
export function settleAutoReturn(key: string, outcome: AutoReturnOutcome): void {
  try {
    window.sessionStorage.setItem(storageKey(key), outcome);
  } catch {
    // Without storage the worst case is one more countdown after Back or a reload.
  }
}

/** What the countdown's view needs. */
export interface AutoReturnCountdownState {
  /** Whole seconds left. */
  secondsLeft: number;
  /** Held by focus or the pointer. */
  paused: boolean;
  /** Handlers for the countdown's container: focus or pointer inside it holds the countdown. */
  hold: {
    onFocusCapture: () => void;
    onBlurCapture: () => void;
    onPointerMove: () => void;
    onPointerLeave: () => void;
  };
}

/**
 * A countdown of `seconds` for `key`'s automatic return. Calls `onSettled('stayed')` before paint
 * when this tab already settled `key` (returned or stayed), and `onElapsed` once the time is up.
 */
export function useAutoReturn({
  key,
  seconds,
  onElapsed,
  onSettled,
}: {
  key: string;
  seconds: number;
  onElapsed: () => void;
  onSettled: () => void;
}): AutoReturnCountdownState {
  const [focused, setFocused] = useState(false);
  const [pointed, setPointed] = useState(false);
  const paused = focused || pointed;
  const secondsLeft = useCountdown(seconds, key, paused) ?? seconds;

  // Before paint, so a customer back from the merchant (or who stayed) never sees it flash.
  useLayoutEffect(() => {
    if (settledAutoReturn(key) !== null) onSettled();
  }, [key, onSettled]);

  useEffect(() => {
    if (secondsLeft === 0) onElapsed();
  }, [secondsLeft, onElapsed]);

  return {
    secondsLeft,
    paused,
    hold: {
      onFocusCapture: () => setFocused(true),
      onBlurCapture: () => setFocused(false),
      // A pointer moved over the box, not one the box appeared under (after a click on the
      // button that stood there): only a move says the customer is looking.
      onPointerMove: () => setPointed(true),
      onPointerLeave: () => setPointed(false),
    },
  };
}

/**
 * "Stay here" removes the button that had focus: the manual return link that takes its place
 * takes focus, never the page's body, so a keyboard or screen-reader user keeps their place.
 * Focus already placed elsewhere (a confirmation the customer opened meanwhile) stays where it is.
 * Returns the ref to put on that link.
 */
export function useFocusReturnLinkAfterStay(
  autoReturn: AutoReturn,
): RefObject<HTMLAnchorElement | null> {
  const returnLink = useRef<HTMLAnchorElement>(null);
  const previous = useRef(autoReturn);
  useEffect(() => {
    if (
      previous.current === 'counting' &&
      autoReturn === 'stayed' &&
      document.activeElement === document.body
    ) {
      returnLink.current?.focus();
    }
    previous.current = autoReturn;
  }, [autoReturn]);
  return returnLink;
}
