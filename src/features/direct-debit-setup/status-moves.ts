/**
 * The status view's half of the setup flow: the auto-return countdown and the disable dialog
 * ({@link StatusFacts}). It reads the whole flow and the events' setup for its guards and writes
 * only its own facts; the form's half (`form-moves.ts`) moves the step, the lookups and the mandate
 * set aside (product.md, flow step 7; service-api.md, "States and transitions", "Bank approval").
 */
import type { AutoReturn } from '../../lib/use-auto-return';
import {
  disableOff,
  type FlowEvent,
  type FlowState,
  type ReturnCountdown,
  type StatusFacts,
} from './flow-state';
import { canDisable, canTryAnotherAccount } from './setup-rules';

/**
 * The countdown after the status view shows `event`'s mandate. The bank's approval starts it once:
 * "Stay here" (or a return under way) is kept; an answer that no longer allows it (debit turned
 * off, status changed) stops it; a mandate already shown as approved without a countdown (debit
 * was off, say) does not start one later.
 */
function nextCountdown(
  countdown: ReturnCountdown | null,
  event: Extract<FlowEvent, { type: 'statusShown' }>,
): ReturnCountdown | null {
  const same = countdown?.mandateId === event.mandateId ? countdown : null;
  let kind: AutoReturn;
  if (!event.allowsAutoReturn) kind = 'off';
  else if (same === null) kind = 'counting';
  else if (same.kind !== 'off') kind = same.kind;
  else kind = same.approvalShown ? 'off' : 'counting';
  if (same !== null && same.kind === kind && same.approvalShown === event.approved)
    return countdown;
  return { mandateId: event.mandateId, kind, approvalShown: event.approved };
}

/** The countdown moved from `from` to `to`, or null when it is not at `from`. */
function movedCountdown(flow: FlowState, from: AutoReturn, to: AutoReturn): ReturnCountdown | null {
  const { countdown } = flow;
  return countdown?.kind === from ? { ...countdown, kind: to } : null;
}

/**
 * The status view's new facts after `event` (the countdown, "Try another account", the disable
 * dialog), or null when they do not move.
 */
export function statusMove(flow: FlowState, event: FlowEvent): StatusFacts | null {
  const { countdown, disable } = flow;
  switch (event.type) {
    case 'statusShown': {
      const next = nextCountdown(countdown, event);
      return next === countdown ? null : { countdown: next, disable };
    }
    case 'stayHere':
    case 'returnNow': {
      const next = movedCountdown(
        flow,
        'counting',
        event.type === 'stayHere' ? 'stayed' : 'leaving',
      );
      return next === null ? null : { countdown: next, disable };
    }
    case 'tryAnotherAccount': {
      // The form starts afresh (form-moves.ts); a dialog left open closes.
      const { mandate } = event.setup;
      if (mandate === null || !canTryAnotherAccount(event.setup, mandate)) return null;
      return { countdown, disable: disableOff };
    }
    case 'disableRequested': {
      const { mandate } = event.setup;
      if (disable.kind !== 'off' || mandate === null || !canDisable(event.setup, mandate)) {
        return null;
      }
      // Asking to turn debit off means staying here: the automatic return stops.
      return {
        countdown: movedCountdown(flow, 'counting', 'stayed') ?? countdown,
        disable: { kind: 'confirming', failure: null },
      };
    }
    case 'disableCancelled':
      return disable.kind === 'confirming' ? { countdown, disable: disableOff } : null;
    case 'disableConfirmed':
      return disable.kind === 'confirming' ? { countdown, disable: { kind: 'sending' } } : null;
    case 'disabled':
      return disable.kind === 'sending' ? { countdown, disable: disableOff } : null;
    case 'actionUnanswered':
      if (disable.kind !== 'sending') return null;
      return {
        countdown,
        disable: {
          kind: 'confirming',
          failure: { kind: 'unanswered', unanswered: event.unanswered },
        },
      };
    case 'disableFailed': {
      if (disable.kind !== 'sending') return null;
      const { failure } = event;
      // Refused for the link, or the setup changed: the form's half shows why (form-moves.ts).
      if (failure.kind === 'invalidLink' || failure.kind === 'setupChanged') {
        return { countdown, disable: disableOff };
      }
      return { countdown, disable: { kind: 'confirming', failure } };
    }
    default:
      return null;
  }
}
