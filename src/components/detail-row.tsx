/**
 * One row of a details list (`<dl className="playback">`): what is shown (`term`) and its value.
 * The setup's confirmation and status, the checkout's account and the invoice all play details
 * back this way.
 */
import type { ReactNode } from 'react';

export function DetailRow({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="playback__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
