/** Route module for any address without a page. */
import { PageTop } from '../../components/page-top';
import { StepHeading } from '../../components/step-heading';
import { useMessages, usePageLanguage } from '../../messages/use-messages';
import { PageLoading } from '../page-loading';
import { DocumentTitle } from '../../components/document-title';

export function NotFoundRoute() {
  const { _ } = useMessages();
  // No read to wait for: the tab's choice, else the browser's language; the frame until it is in.
  if (!usePageLanguage('common', null)) return <PageLoading />;
  return (
    <div className="page">
      <PageTop mode={null} merchant={null} logoAlt={() => ''} waiting={false} />
      <DocumentTitle>{_('common.notFound.documentTitle')}</DocumentTitle>
      <main className="page__main">
        <StepHeading>{_('common.notFound.title')}</StepHeading>
        <p>{_('common.notFound.body')}</p>
      </main>
    </div>
  );
}
