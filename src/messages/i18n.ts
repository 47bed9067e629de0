/**
 * The pages' one Lingui instance and the language they speak (docs/decisions/0024-languages.md).
 *
 * Catalogs come in parts (`common`, `setup`, `checkout`, `invoice`), compiled from PO files at
 * build time. English is static: `common` here (every page's entry), each page's own part
 * registered by that page's module ({@link registerPart}), so a first load carries only its
 * page's English. Another language's parts are dynamic imports (each page's module lists those of
 * its own part only), fetched only when chosen ({@link loadLanguage}); a language is activated
 * only once every part in use has arrived, so a page never shows message ids or half of one
 * language.
 *
 * The state (the tab's explicit choice and the active language) is a small external store read
 * with `useSyncExternalStore` (src/messages/use-messages.ts): components need no provider.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { languageSchema, type Language } from '../../contract/hosted-common';
import { htmlLang, languages } from './languages';
import { messages as commonEnglish } from './locales/en/common.po';
import type { MessageId, MessageValues } from './message-ids.generated';

/**
 * A catalog part: what every page says (`common`), each hosted page's own words, and the words of
 * the setup page's lazily loaded steps (`setup-steps`: account, confirm, status), which arrive
 * with those steps rather than in the page's first load.
 */
export type CatalogPart = 'common' | 'setup' | 'setup-steps' | 'checkout' | 'invoice';

/** A compiled catalog module (src/messages/po.d.ts). */
export interface CatalogModule {
  messages: Messages;
}

/**
 * A part's non-English catalogs as `import.meta.glob` lists them: path → dynamic import, each its
 * own chunk, fetched only when its language is chosen.
 */
export type CatalogLoaders = Record<string, () => Promise<CatalogModule>>;

/** The one i18n instance; English active until a page resolves its language. */
export const i18n = setupI18n({ locale: 'en', messages: { en: commonEnglish } });

// English alone, for the texts a customer may ask to read in English whatever the page's
// language (the mandate consent): it shares the English catalogs loaded into `i18n`.
const english = setupI18n({ locale: 'en', messages: { en: commonEnglish } });

/** Each part's non-English loaders, by language. */
const loaders = new Map<CatalogPart, Map<Language, () => Promise<CatalogModule>>>();

/**
 * Adds loaders of `part`'s non-English catalogs, keyed by their paths (`…/locales/yo/setup.po`);
 * a path naming no language of the pages is ignored.
 */
export function addCatalogLoaders(part: CatalogPart, globbed: CatalogLoaders): void {
  const byLanguage = loaders.get(part) ?? new Map<Language, () => Promise<CatalogModule>>();
  for (const [path, load] of Object.entries(globbed)) {
    const language = languageSchema.safeParse(/[\\/]locales[\\/]([^\\/]+)[\\/]/.exec(path)?.[1]);
    if (language.success) byLanguage.set(language.data, load);
  }
  loaders.set(part, byLanguage);
}

addCatalogLoaders(
  'common',
  import.meta.glob<CatalogModule>(['./locales/*/common.po', '!./locales/en/common.po']),
);

/**
 * The language the page will most likely speak, known from the address and the first read before
 * the page has rendered ({@link wantLanguage}); null until then, and for English.
 */
let wanted: Language | null = null;

/**
 * Starts downloading `language`'s catalogs of every part in use, and of each part registered
 * later, before the page asks for them (src/app/first-language.ts; issue 27.7): on a slow network
 * the page then does not wait a round trip more in English "Loading…". Only downloads: the page
 * still decides and activates its language itself (`usePageLanguage`). A failed download is the
 * page's to handle when it asks again. Nothing for English, whose catalogs are in the first load.
 */
export function wantLanguage(language: Language): void {
  if (language === 'en' || language === wanted) return;
  wanted = language;
  loadLanguage(language).catch(() => undefined);
}

/** Which `language/part` catalogs are loaded into {@link i18n}. */
const loaded = new Set<string>(['en/common']);
/** The parts the mounted page uses: a language switch loads all of them before activating. */
const partsInUse = new Set<CatalogPart>(['common']);

/**
 * Registers a page's own part: its English (the page's module imports the PO file statically, so
 * it is in the page's first load) and its other languages' loaders (`import.meta.glob` of the
 * part's PO files but English's).
 */
export function registerPart(part: CatalogPart, messages: Messages, others: CatalogLoaders): void {
  partsInUse.add(part);
  if (!loaders.has(part)) addCatalogLoaders(part, others);
  // The page's language, known before its code arrived: its part starts downloading now too.
  if (wanted !== null) loadLanguage(wanted, [part]).catch(() => undefined);
  if (loaded.has(`en/${part}`)) return;
  i18n.load('en', messages);
  english.load('en', messages);
  loaded.add(`en/${part}`);
}

/**
 * The languages the page can show: English, and each language with a catalog for every part in
 * use (a translation not yet delivered is not offered).
 */
export function availableLanguages(): Language[] {
  return languages.filter(
    (language) =>
      language === 'en' || [...partsInUse].every((part) => loaders.get(part)?.has(language)),
  );
}

/** Whether `language`'s catalog of `part` is loaded into {@link i18n}. */
export function isPartLoaded(language: Language, part: CatalogPart): boolean {
  return loaded.has(`${language}/${part}`);
}

/**
 * Loads every part in use (and `extraParts`) of `language` into {@link i18n}, each once. A part
 * registered while this waits (a lazy step's module evaluated meanwhile) is loaded too, so the
 * language is complete for every part in use when this resolves. Rejects when a part is missing
 * from this build or its chunk fails to download.
 */
export async function loadLanguage(
  language: Language,
  extraParts: readonly CatalogPart[] = [],
): Promise<void> {
  for (const part of extraParts) partsInUse.add(part);
  for (;;) {
    const missing = [...partsInUse].filter((part) => !isPartLoaded(language, part));
    if (missing.length === 0) return;
    await Promise.all(
      missing.map(async (part) => {
        const load = loaders.get(part)?.get(language);
        if (load === undefined) throw new Error(`No ${part} catalog for ${language}`);
        const { messages } = await load();
        if (isPartLoaded(language, part)) return;
        i18n.load(language, messages);
        loaded.add(`${language}/${part}`);
      }),
    );
  }
}

/**
 * For a part registered by a lazily loaded module (the setup page's later steps): loads it in
 * the active language before the module renders, again if the language changed meanwhile, so a
 * step never shows message ids. Rejects when its chunk fails to download.
 */
export async function loadPartInActiveLanguage(part: CatalogPart): Promise<void> {
  for (;;) {
    const language = state.active;
    await loadLanguage(language, [part]);
    if (state.active === language || isPartLoaded(state.active, part)) return;
  }
}

/** The tab's language state. */
export interface LanguageState {
  /** The customer's explicit choice on the switch (sessionStorage, this tab only). */
  chosen: Language | null;
  /** The language the page speaks now. */
  active: Language;
}

const choiceKey = 'hosted-pages.language';

function readChoice(): Language | null {
  try {
    const parsed = languageSchema.safeParse(sessionStorage.getItem(choiceKey));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage refused (private mode): no remembered choice.
    return null;
  }
}

let state: LanguageState = { chosen: readChoice(), active: 'en' };
document.documentElement.lang = htmlLang.en;
const listeners = new Set<() => void>();

/** The current language state (a new object on every change). */
export function getLanguageState(): LanguageState {
  return state;
}

/** Calls `listener` after every change of {@link getLanguageState}; returns the unsubscribe. */
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(next: LanguageState): void {
  if (next.chosen === state.chosen && next.active === state.active) return;
  if (next.active !== i18n.locale) i18n.activate(next.active);
  document.documentElement.lang = htmlLang[next.active];
  state = next;
  for (const listener of listeners) listener();
}

/** Back to English with no remembered choice, as a new tab starts (tests). */
export function resetLanguage(): void {
  try {
    sessionStorage.removeItem(choiceKey);
  } catch {
    // Nothing remembered.
  }
  setState({ chosen: null, active: 'en' });
  document.documentElement.lang = htmlLang.en;
}

/** Makes `language` (its catalogs already loaded) the active language. */
export function activateLanguage(language: Language): void {
  setState({ ...state, active: language });
}

// Numbers each choice, so that of two quick switches only the later one takes effect, whichever
// language's chunks arrive last.
let latestChoice = 0;

/**
 * The customer's explicit choice: loads the language's catalogs for every part in use, then
 * remembers the choice for the tab and activates it in one step, so the page changes language
 * without ever showing a part of it untranslated. A choice overtaken by a later one while its
 * catalogs load changes nothing. Rejects (and changes nothing) when a catalog cannot be loaded.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  const choice = ++latestChoice;
  await loadLanguage(language);
  if (choice !== latestChoice) return;
  try {
    sessionStorage.setItem(choiceKey, language);
  } catch {
    // Storage refused: the choice still holds until the page is reloaded.
  }
  setState({ chosen: language, active: language });
}

/** The arguments after a message's id: its ICU values, or nothing for a message without any. */
export type MessageArgs<Id extends MessageId> = [MessageValues[Id]] extends [never]
  ? []
  : [values: MessageValues[Id]];

/** The id of a message without ICU arguments (a heading, a label). */
export type PlainMessageId = {
  [Id in MessageId]: [MessageValues[Id]] extends [never] ? Id : never;
}[MessageId];

/** The message `id` in the active language, with its ICU `values`. */
export function translate<Id extends MessageId>(id: Id, ...args: MessageArgs<Id>): string {
  return i18n._(id, args[0]);
}

/** The message `id` in English, whatever the active language (the consent's English text). */
export function translateInEnglish<Id extends MessageId>(id: Id, ...args: MessageArgs<Id>): string {
  return english._(id, args[0]);
}

/**
 * A form schema's error message: zod schemas of the forms (account-schema.ts, details-schema.ts)
 * carry message ids, not text, so an error already on screen follows a language switch. Typed, so
 * a schema cannot name an id the catalogs lack.
 */
export function errorId(id: MessageId): string {
  return id;
}

/**
 * A form error set by {@link errorId}, in the active language with `values` (when it has values);
 * undefined for no error.
 */
export function translateFormError(message: string, values?: FormErrorValues): string;
export function translateFormError(
  message: string | undefined,
  values?: FormErrorValues,
): string | undefined;
export function translateFormError(
  message: string | undefined,
  values?: FormErrorValues,
): string | undefined {
  return message === undefined ? undefined : i18n._(message, values);
}

/** The ICU values a form error may use (the bank's name of the check-digit error). */
type FormErrorValues = Record<string, string | number>;
