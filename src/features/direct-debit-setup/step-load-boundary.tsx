/**
 * The setup page's own error boundary around its lazily loaded steps (lazy-steps.ts). It handles
 * only a step whose code failed to download ({@link StepLoadError}): the flow's state lives above
 * it, so "Try again" keeps the chosen bank and the typed number, where the app's last-resort
 * boundary (src/app/router.tsx) would reload the page and lose them. Any other error goes on up
 * to that boundary.
 */
import { useState, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { StepHeading } from '../../components/step-heading';
import { useMessages } from '../../messages/use-messages';
import { StepLoadError } from './lazy-steps';

export interface StepLoadBoundaryProps {
  children: ReactNode;
  /** The customer asked to try again: load the steps afresh (then the boundary resets). */
  onRetry: () => void;
  /** Another step is shown (its key): a step that failed earlier no longer hides it. */
  stepKey: string;
}

/**
 * Catches a failed step download below it and shows {@link StepLoadFailedView} instead;
 * rethrows anything else.
 */
export function StepLoadBoundary({ children, onRetry, stepKey }: StepLoadBoundaryProps) {
  // Failed downloads so far on this page; from the second on, reloading is offered as well.
  const [failures, setFailures] = useState(0);
  return (
    <ErrorBoundary
      resetKeys={[stepKey]}
      onError={(error) => {
        if (error instanceof StepLoadError) setFailures((count) => count + 1);
      }}
      onReset={onRetry}
      fallbackRender={(props) => <StepLoadFailedView {...props} failures={failures} />}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * The fallback: the step could not be downloaded, the input is kept, "Try again". After a second
 * failure (a browser that remembers a failed download would fail every retry) it also offers a
 * reload, saying what that costs.
 */
export function StepLoadFailedView({
  error,
  resetErrorBoundary,
  failures,
}: FallbackProps & { failures: number }) {
  // Not ours to handle: the app's boundary shows it (React passes an error thrown while
  // rendering a fallback to the next boundary up).
  if (!(error instanceof StepLoadError)) throw error;
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{_('setup.stepLoadFailed.title')}</StepHeading>
      <Alert tone="error">
        <p>{_('setup.stepLoadFailed.body')}</p>
      </Alert>
      <div className="actions">
        <Button onClick={resetErrorBoundary}>{_('setup.stepLoadFailed.retry')}</Button>
        {failures >= 2 && (
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {_('setup.stepLoadFailed.reload')}
          </Button>
        )}
      </div>
      {failures >= 2 && <p>{_('setup.stepLoadFailed.stillFailing')}</p>}
    </>
  );
}
