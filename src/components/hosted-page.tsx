/**
 * The frame every hosted page shares (product.md, "Every page"): the document title, the test-mode
 * banner and the merchant's header in its brand colour with the language switch (page-top.tsx),
 * the offline banner above the page's view, and a polite live region that announces what changes
 * inside a view. It resolves the page's language from the last answer (usePageLanguage) and,
 * until that language is active, shows {@link PageLoading} in place of the view, so a page never
 * shows one language and then another. The views every page has are the frame's too: loading
 * ({@link PageLoading}) and a link that cannot be used ({@link InvalidLinkView}). Each page's words
 * are found by name in its catalog part: `<page>.documentTitle`, `<page>.loadingTitle` and
 * `<page>.invalidLink.*`.
 */
import { Suspense, type ReactNode } from 'react';
import type { HostedMerchant, Language, Mode } from '../../contract/hosted-common';
import type { HostedPageKind } from '../../contract/hosted-links';
import { brandStyle } from '../lib/brand-color';
import type { InvalidLinkState } from '../lib/classify-failure';
import type { CatalogPart, PlainMessageId } from '../messages/i18n';
import type { MessageId } from '../messages/message-ids.generated';
import { useMessages, usePageLanguage, type PageMessages } from '../messages/use-messages';
import { DocumentTitle } from './document-title';
import { OfflineBanner } from './offline-banner';
import { PageTop } from './page-top';
import { RequestId } from './request-id';
import { StepHeading } from './step-heading';

/**
 * The catalog part holding each hosted page's words: the part's name is a file name
 * (`src/messages/locales/<language>/<part>.po`) and the prefix of its message ids, so it keeps its
 * own, shorter spelling of the page's name.
 */
export const pageCatalogParts = {
  directDebitSetup: 'setup',
  checkout: 'checkout',
  invoice: 'invoice',
} as const satisfies Record<HostedPageKind, CatalogPart>;

/** The catalog part of page `K`. */
type PartOf<K extends HostedPageKind> = (typeof pageCatalogParts)[K];

/** A hosted page's catalog part. */
type PagePart = PartOf<HostedPageKind>;

/**
 * What the header, the test banner and the page's language come from: the record of the page's
 * last answer (setup, checkout, invoice), or the invalid-link state, which keeps that answer's.
 */
export interface PageAnswer {
  merchant: HostedMerchant | null;
  mode: Mode | null;
  preferredLanguage: Language | null;
}

/** The reasons page `P` words in its catalog (`<part>.invalidLink.reasons.<reason>`). */
export type InvalidLinkReasonOf<P extends HostedPageKind> = MessageId extends infer Id
  ? Id extends `${PartOf<P>}.invalidLink.reasons.${infer Reason}`
    ? Reason
    : never
  : never;

/**
 * A page's view as the frame reads it: `loading` shows {@link PageLoading} and keeps the frame's
 * places; `invalidLink` shows {@link InvalidLinkView}, titles the tab so and keeps the last
 * answer's merchant, mode and language; any other kind shows the page's own view.
 */
export type HostedView<P extends HostedPageKind> =
  InvalidLinkState<InvalidLinkReasonOf<P>> | { kind: string };

function isInvalidLink<P extends HostedPageKind>(
  view: HostedView<P>,
): view is InvalidLinkState<InvalidLinkReasonOf<P>> {
  return view.kind === 'invalidLink';
}

export interface HostedPageProps<P extends HostedPageKind> {
  page: P;
  view: HostedView<P>;
  /** The page's last answer (its setup, checkout or invoice); null when it has none to show. */
  record: PageAnswer | null;
  /** What the polite live region says now ('' for nothing), in the active language. */
  announcement: (_: PageMessages['_']) => string;
  /**
   * The tab's title once the page has an outcome ("Payment received", "Direct debit is set up"),
   * so a customer who switched apps sees it on the tab; '' (the default) keeps the page's own.
   */
  outcomeTitle?: (_: PageMessages['_']) => string;
  /**
   * Wraps the view and its loading placeholder alike (the setup page's step-load boundary), so
   * it stays mounted while the language changes.
   */
  viewBoundary?: (content: ReactNode) => ReactNode;
  /** The page's own view (any kind but `loading` and `invalidLink`), once its language is active. */
  children: ReactNode;
}

/** The page before it can show its view: its first answer (or its language) is on its way. */
export function PageLoading({ page }: { page: HostedPageKind }) {
  const { _ } = useMessages();
  const part: PagePart = pageCatalogParts[page];
  return (
    <>
      <StepHeading>{_(`${part}.loadingTitle`)}</StepHeading>
      <p role="status">{_('common.loading')}</p>
    </>
  );
}

export interface InvalidLinkViewProps<P extends HostedPageKind> {
  page: P;
  /** The page's invalid-link state (src/lib/classify-failure.ts, `InvalidLinkState`). */
  link: {
    reason: InvalidLinkReasonOf<P>;
    merchant: { name: string; supportEmail: string | null } | null;
    requestId: string | null;
  };
}

/**
 * The dead end of every hosted page whose link cannot be used (product.md, "Links and tokens"):
 * no token, a mangled one, or the service does not know it, says it expired, or (setup links)
 * that the business withdrew it. Says why, what to do next, the merchant's support e-mail when the
 * page knows the merchant (the link stopped working after the page had loaded), and the request id
 * of the refusal when there was one.
 */
export function InvalidLinkView<P extends HostedPageKind>({
  page,
  link: { reason, merchant, requestId },
}: InvalidLinkViewProps<P>) {
  const { _ } = useMessages();
  const part: PagePart = pageCatalogParts[page]; // Its message ids, checked for every page alike.
  return (
    <>
      <StepHeading>{_(`${part}.invalidLink.title`)}</StepHeading>
      <p>{_(`${part}.invalidLink.reasons.${reason}` as PlainMessageId)}</p>
      <p>
        {merchant === null
          ? _(`${part}.invalidLink.whatToDoNoMerchant`)
          : _(`${part}.invalidLink.whatToDo`, { merchant: merchant.name })}
      </p>
      {merchant !== null && merchant.supportEmail !== null && (
        <p>
          {_('common.contact', { merchant: merchant.name })}{' '}
          <a href={`mailto:${merchant.supportEmail}`}>{merchant.supportEmail}</a>
        </p>
      )}
      {requestId !== null && <RequestId requestId={requestId} />}
    </>
  );
}

/**
 * The frame every hosted page renders (setup, checkout, invoice): the tab's title, the test-mode
 * banner, the merchant's bar in their brand with the language switch, the offline banner, the
 * loading and invalid-link views, and the polite live region. The header, the mode and the
 * language come from `record` (the page's last answer) or, once a link is refused, from the answer
 * before it. Shows `children` only when the page's language is active. Throws nothing.
 */
export function HostedPage<P extends HostedPageKind>({
  page,
  view,
  record,
  announcement,
  outcomeTitle = () => '',
  viewBoundary = (content) => content,
  children,
}: HostedPageProps<P>) {
  const { _ } = useMessages();
  const part: PagePart = pageCatalogParts[page]; // Its message ids, checked for every page alike.
  // Loading with no record yet: the first answer, and with it the page's language, is awaited.
  const answer = isInvalidLink(view)
    ? view
    : view.kind === 'loading' && record === null
      ? undefined
      : record;
  const merchant = answer?.merchant ?? null;
  const languageReady = usePageLanguage(
    part,
    answer === undefined ? undefined : (answer?.preferredLanguage ?? null),
  );
  return (
    <div className="page" style={brandStyle(merchant?.brandColor)}>
      <DocumentTitle>
        {view.kind === 'invalidLink'
          ? _(`${part}.invalidLink.documentTitle`)
          : outcomeTitle(_) || _(`${part}.documentTitle`)}
      </DocumentTitle>
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
            {!languageReady || view.kind === 'loading' ? (
              <PageLoading page={page} />
            ) : isInvalidLink(view) ? (
              <InvalidLinkView page={page} link={view} />
            ) : (
              children
            )}
          </Suspense>,
        )}
      </main>
      <p className="visually-hidden" aria-live="polite">
        {announcement(_)}
      </p>
    </div>
  );
}
