/**
 * The last line of defence (conventions.md, "Errors and waiting"): an error no page handled, or a
 * route module that failed to load. Shows the requestId when the error came from the API, and a
 * retry that reloads the page (the link's token survives in sessionStorage).
 */
import type { FallbackProps } from 'react-error-boundary';
import { Button } from '../components/button';
import { RequestId } from '../components/request-id';
import { StepHeading } from '../components/step-heading';
import { ApiError } from '../lib/api-client';
import { en } from '../messages/en';

/** Fallback of the app's error boundary (`src/app/router.tsx`). */
export function RootErrorView({ error }: FallbackProps) {
  const requestId = error instanceof ApiError ? error.requestId : null;
  const m = en.rootError;
  return (
    <div className="page">
      <title>{m.documentTitle}</title>
      <main className="page__main">
        <StepHeading>{m.title}</StepHeading>
        <p>{m.body}</p>
        {requestId !== null && <RequestId requestId={requestId} />}
        <Button onClick={() => window.location.reload()}>{m.reload}</Button>
      </main>
    </div>
  );
}
