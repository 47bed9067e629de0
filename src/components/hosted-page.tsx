/**
 * The frame every hosted page shares (product.md, "Every page"): the document title, the test-mode
 * banner and the merchant's header in its brand colour with the language switch (page-top.tsx),
 * the offline banner above the page's view, and a polite live region that announces what changes
 * inside a view. It resolves the page's language from the last answer (usePageLanguage) and,
 * until that language is active, shows {@link PageLoading} in place of the view, so a page never
 * shows one language and then another. Each page's words are found by name in its catalog part:
 * `<page>.documentTitle`, `<page>.invalidLink.documentTitle` and `<page>.loadingTitle`.
 */
import { Suspense, type ReactNode } from 'react';
import type { HostedMerchant, Language, Mode } from '../../contract/hosted-common';
import { brandStyle } from '../lib/brand-color';
import { useMessages, usePageLanguage, type PageMessages } from '../messages/use-messages';
import { OfflineBanner } from './offline-banner';
import { PageTop } from './page-top';
import { StepHeading } from './step-heading';

/** A hosted page, by its catalog part. */
export type HostedPageName = 'setup' | 'checkout' | 'invoice';

/**
 * What the header, the test banner and the page's language come from: the record of the page's
 * last answer (setup, checkout, invoice), or the invalid-link state, which keeps that answer's.
 */
export interface PageAnswer {
  merchant: HostedMerchant | null;
  mode: Mode | null;
  preferredLanguage: Language | null;
}

export interface HostedPageProps {
  page: HostedPageName;
  /**
   * The page's view: `loading` keeps the frame's places, `invalidLink` titles the tab so and keeps
   * the last answer's merchant, mode and language (src/lib/classify-failure.ts, `InvalidLinkState`).
   */
  view: { kind: string } & Partial<PageAnswer>;
  /** The page's last answer (its setup, checkout or invoice); null when it has none to show. */
  record: PageAnswer | null;
  /** What the polite live region says now ('' for nothing), in the active language. */
  announcement: (_: PageMessages['_']) => string;
  /**
   * Wraps the view and its loading placeholder alike (the setup page's step-load boundary), so
   * it stays mounted while the language changes.
   */
  viewBoundary?: (content: ReactNode) => ReactNode;
  /** The page's view, shown once the page's language is active. */
  children: ReactNode;
}

/** The page before it can show its view: its first answer (or its language) is on its way. */
export function PageLoading({ page }: { page: HostedPageName }) {
  const { _ } = useMessages();
  return (
    <>
      <StepHeading>{_(`${page}.loadingTitle`)}</StepHeading>
      <p role="status">{_('common.loading')}</p>
    </>
  );
}

export function HostedPage({
  page,
  view,
  record,
  announcement,
  viewBoundary = (content) => content,
  children,
}: HostedPageProps) {
  const { _ } = useMessages();
  // Loading with no record yet: the first answer, and with it the page's language, is awaited.
  const answer =
    view.kind === 'invalidLink'
      ? view
      : view.kind === 'loading' && record === null
        ? undefined
        : record;
  const merchant = answer?.merchant ?? null;
  const languageReady = usePageLanguage(
    page,
    answer === undefined ? undefined : (answer?.preferredLanguage ?? null),
  );
  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <title>
        {view.kind === 'invalidLink'
          ? _(`${page}.invalidLink.documentTitle`)
          : _(`${page}.documentTitle`)}
      </title>
      <PageTop
        mode={answer?.mode ?? null}
        merchant={merchant}
        logoAlt={(name) => _('common.merchantLogo', { merchant: name })}
        waiting={view.kind === 'loading' || !languageReady}
      />
      <main className="page__main">
        <OfflineBanner />
        {viewBoundary(
          <Suspense fallback={<p role="status">{_('common.loading')}</p>}>
            {languageReady ? children : <PageLoading page={page} />}
          </Suspense>,
        )}
      </main>
      <p className="visually-hidden" aria-live="polite">
        {announcement(_)}
      </p>
    </div>
  );
}
