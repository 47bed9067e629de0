/**
 * The automatic return's countdown (product.md, flow step 6 and "Checkout pages"; issue 14, point
 * 3): "Returning to <merchant> in 5 s" with "Return now" and "Stay here" (`common.autoReturn.*`),
 * shared by the hosted pages that return the customer. `src/lib/use-auto-return.ts` keeps it to
 * once per link per tab and holds it while it has focus or the pointer is over it (WCAG 2.2.1).
 *
 * Screen readers hear it through a polite live region: once when it starts, and when it is held
 * or goes on, never every second (the visible `timer` is not live). The region is on the page
 * before its words (`live-region.tsx`, issue 27.3).
 */
import { useCallback } from 'react';
import { settleAutoReturn, useAutoReturn } from '../lib/use-auto-return';
import { useMessages } from '../messages/use-messages';
import { Button } from './button';
import { LiveRegion } from './live-region';

export interface AutoReturnCountdownProps {
  /** The link (and mandate or payment) the return belongs to; once per key per tab. */
  returnKey: string;
  merchant: string;
  /** Length of the countdown, s. */
  seconds: number;
  /** The customer (or the elapsed countdown) asks to return now. */
  onReturnNow: () => void;
  /** The customer stays, or this tab already returned or stayed for the key. */
  onStayHere: () => void;
}

/** The countdown block of a success view, while the page counts down. */
export function AutoReturnCountdown(props: AutoReturnCountdownProps) {
  const { returnKey, merchant, seconds, onReturnNow, onStayHere } = props;
  const returnNow = useCallback(() => {
    settleAutoReturn(returnKey, 'returned');
    onReturnNow();
  }, [returnKey, onReturnNow]);
  const stayHere = useCallback(() => {
    settleAutoReturn(returnKey, 'stayed');
    onStayHere();
  }, [returnKey, onStayHere]);
  const { secondsLeft, paused, hold } = useAutoReturn({
    key: returnKey,
    seconds,
    onElapsed: returnNow,
    onSettled: onStayHere,
  });
  const { _ } = useMessages();

  return (
    <div className="auto-return" {...hold}>
      <p className="auto-return__countdown" role="timer">
        {_('common.autoReturn.returning', { merchant, seconds: secondsLeft })}
        {paused && ` ${_('common.autoReturn.paused')}`}
      </p>
      {/* A polite live region (role status), apart from the page's own announcements; it
          appears empty and takes its words a frame later, or nothing would be spoken. */}
      <LiveRegion>
        {paused
          ? _('common.autoReturn.pausedSaid')
          : _('common.autoReturn.startedSaid', { merchant, seconds })}
      </LiveRegion>
      <div className="actions">
        <Button onClick={returnNow}>{_('common.autoReturn.returnNow')}</Button>
        <Button variant="secondary" onClick={stayHere}>
          {_('common.autoReturn.stayHere')}
        </Button>
      </div>
    </div>
  );
}
