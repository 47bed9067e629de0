/**
 * Shown while a page's code is still downloading (the routes' Suspense fallback): the page's
 * frame, exactly the markup `index.html` paints before any script has run (page-loading.test.tsx
 * holds them equal), so React taking over moves nothing
 * (docs/decisions/0020-first-paint-frame-and-failure-bound.md).
 */
import { PageTop } from '../components/page-top';
import { useMessages } from '../messages/use-messages';

export function PageLoading() {
  const { _ } = useMessages();
  return (
    <div className="page">
      <PageTop mode={null} merchant={null} logoAlt={() => ''} waiting />
      <main className="page__main">
        <h1 className="step-heading">{_('common.frameTitle')}</h1>
        <p role="status">{_('common.loading')}</p>
      </main>
    </div>
  );
}
