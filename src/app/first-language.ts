/**
 * The page's language, guessed as early as it can be known (issue 27.7; docs/decisions/
 * 0024-languages.md): the customer's choice in this tab, else the merchant's preferred language in
 * the page's first read (looked at, not taken: src/lib/api-client.ts, `lookAtFirstRead`), else the
 * browser's. Its catalogs then start downloading with the app's start, while the page's first
 * read and code are still on their way, instead of after the page's first render; the page still
 * resolves and activates its language itself (src/messages/use-messages.ts), from the answer
 * parsed by the contract's schema. The preferred language is read from the unchecked body only to
 * choose what to download: a value that is not a language is ignored.
 */
import { languageSchema, type Language } from '../../contract/hosted-common';
import { lookAtFirstRead, type RawAnswer } from '../lib/api-client';
import { hostedReadRequest } from '../lib/first-reads';
import { availableLanguages, getLanguageState, wantLanguage } from '../messages/i18n';
import { resolveLanguage } from '../messages/languages';
import { pageFirstReadsAt } from './page-first-reads';

/** The merchant's preferred language in a first read's unchecked body, or null. */
function preferredIn(answer: RawAnswer | null): Language | null {
  const data: unknown =
    typeof answer?.body === 'object' && answer.body !== null && 'data' in answer.body
      ? answer.body.data
      : null;
  const preferred =
    typeof data === 'object' && data !== null && 'preferredLanguage' in data
      ? data.preferredLanguage
      : null;
  const parsed = languageSchema.safeParse(preferred);
  return parsed.success ? parsed.data : null;
}

function want(answer: RawAnswer | null): void {
  wantLanguage(
    resolveLanguage({
      chosen: getLanguageState().chosen,
      preferred: preferredIn(answer),
      browser: navigator.languages,
      available: availableLanguages(),
    }),
  );
}

/**
 * For the hosted page at `pathname`: starts downloading the catalogs of the language it will most
 * likely speak, now when the customer chose it in this tab or the first read is in, else when the
 * first read arrives. Nothing for a page without a first read. Never throws.
 */
export function startFirstLanguage(pathname: string): void {
  const first = pageFirstReadsAt(pathname);
  const record = first?.reads[0];
  if (first === null || first.token === null || record === undefined) return;
  const { path, params, token } = hostedReadRequest(record, first.token);
  const look = lookAtFirstRead(path, { params, token });
  if (look.now !== null || getLanguageState().chosen !== null) want(look.now);
  if (look.now === null) void look.later.then(want);
}
