/**
 * The last line of defence (conventions.md, "Errors and waiting"): an error no page handled, or a
 * route module that failed to load. Shows the requestId when the error came from the API, and a
 * retry that reloads the page (the link's token survives in sessionStorage).
 */
import type { FallbackProps } from 'react-error-boundary';
import { Button } from '../components/button';
import { PageTop } from '../components/page-top';
import { RequestId } from '../components/request-id';
import { StepHeading } from '../components/step-heading';
import { ApiError } from '../lib/api-client';
import { useMessages } from '../messages/use-messages';
import { DocumentTitle } from '../components/document-title';

/** Fallback of the app's error boundary (`src/app/router.tsx`). */
export function RootErrorView({ error }: FallbackProps) {
  const requestId = error instanceof ApiError ? error.requestId : null;
  const { _ } = useMessages();
  return (
    <div className="page">
      <PageTop mode={null} merchant={null} logoAlt={() => ''} waiting={false} />
      <DocumentTitle>{_('common.rootError.documentTitle')}</DocumentTitle>
      <main className="page__main">
        <StepHeading>{_('common.rootError.title')}</StepHeading>
        <p>{_('common.rootError.body')}</p>
        {requestId !== null && <RequestId requestId={requestId} />}
        <Button onClick={() => window.location.reload()}>{_('common.rootError.reload')}</Button>
      </main>
    </div>
  );
}
