/**
 * The hooks every view uses for its words (docs/decisions/0024-languages.md).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Language } from '../../contract/hosted-common';
import {
  activateLanguage,
  availableLanguages,
  getLanguageState,
  loadLanguage,
  subscribeLanguage,
  translate,
  type CatalogPart,
} from './i18n';
import { resolveLanguage } from './languages';

/** The tab's language state (src/messages/i18n.ts), re-rendering on every change. */
function useLanguageState() {
  return useSyncExternalStore(subscribeLanguage, getLanguageState);
}

/** What a view needs to speak the active language. */
export interface PageMessages {
  /** `_('setup.bank.matches', { count })`: the message in the active language. */
  _: typeof translate;
  /** The active language. */
  language: Language;
}

/** The active language's messages; the calling component re-renders when the language changes. */
export function useMessages(): PageMessages {
  const { active } = useLanguageState();
  // A new object per language, so memoized children that receive it re-render too.
  return { _: translate, language: active };
}

/**
 * Resolves and activates a page's language (src/messages/languages.ts, `resolveLanguage`): the
 * tab's choice, else `preferred` (the merchant's `preferredLanguage` from the page's hosted read),
 * else the browser's. `preferred` is `undefined` while that read has not answered: without a
 * choice the page then waits. Returns true once the page's language is active; until then the
 * page keeps its loading frame, so it never shows a first language and then another. A language
 * whose catalogs fail to load leaves the page in English.
 */
export function usePageLanguage(
  part: CatalogPart,
  preferred: Language | null | undefined,
): boolean {
  const { chosen, active } = useLanguageState();
  // A language whose catalogs could not be loaded: the page then speaks English.
  const [failed, setFailed] = useState<Language | null>(null);
  const target =
    chosen === null && preferred === undefined
      ? null
      : resolveLanguage({
          chosen,
          preferred: preferred ?? null,
          browser: navigator.languages,
          available: availableLanguages(),
        });
  useEffect(() => {
    if (target === null) return;
    let current = true;
    loadLanguage(target, [part]).then(
      () => current && activateLanguage(target),
      () => {
        if (!current) return;
        setFailed(target);
        activateLanguage('en');
      },
    );
    return () => {
      current = false;
    };
  }, [target, part]);
  return target !== null && (active === target || (failed === target && active === 'en'));
}
