/**
 * The pages' words as the e2e specs look for them, in any language (docs/decisions/0024-languages.md):
 * read from the PO catalogs (src/messages/locales/{language}/{part}.po) and rendered with Lingui as
 * the pages render them, so a spec drives the flows by the text a customer sees in that language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import PO from 'pofile';
import { languageSchema, type Language } from '../contract/hosted-common';

const localesDir = join(process.cwd(), 'src', 'messages', 'locales');
const parts = ['common', 'setup', 'checkout', 'invoice'] as const;

/** `<html lang>` of each language (src/messages/languages.ts). */
export const htmlLangOf: Record<Language, string> = {
  en: 'en-NG',
  pcm: 'pcm',
  ha: 'ha',
  yo: 'yo',
  ig: 'ig',
};

/** The languages whose four catalogs are in the repository (translations may land one by one). */
export const presentLanguages: Language[] = languageSchema.options.filter((language) =>
  parts.every((part) => existsSync(join(localesDir, language, `${part}.po`))),
);

const catalogs = new Map<Language, Map<string, string>>();

/** Every message (id → ICU text) of `language`, all parts. */
export function catalogOf(language: Language): Map<string, string> {
  const cached = catalogs.get(language);
  if (cached !== undefined) return cached;
  const messages = new Map<string, string>();
  for (const part of parts) {
    const po = PO.parse(readFileSync(join(localesDir, language, `${part}.po`), 'utf8'));
    for (const item of po.items) messages.set(item.msgid, item.msgstr.join(''));
  }
  catalogs.set(language, messages);
  return messages;
}

const instances = new Map<Language, I18n>();

/** The message `id` in `language` with ICU `values`, as the page shows it. */
export function say(
  language: Language,
  id: string,
  values?: Record<string, string | number>,
): string {
  let i18n = instances.get(language);
  if (i18n === undefined) {
    const compiled = Object.fromEntries(
      [...catalogOf(language)].map(([messageId, text]) => [messageId, compileMessageOrThrow(text)]),
    );
    i18n = setupI18n({ locale: language, messages: { [language]: compiled } });
    instances.set(language, i18n);
  }
  if (!catalogOf(language).has(id)) throw new Error(`no message ${id} in ${language}`);
  return i18n._(id, values);
}

/** The literal stretches of an ICU message (its text outside arguments, plural cases included). */
function literalParts(message: string): string[] {
  const out: string[] = [];
  const visit = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'content') out.push(token.value);
      else if ('cases' in token) for (const entry of token.cases) visit(entry.tokens);
    }
  };
  visit(parse(message));
  return out.map((text) => text.trim());
}

/**
 * English that must not appear on a `language` page: every literal stretch of an English message
 * longer than `minLength` characters that the language's own message for the same id does not
 * contain (a translation may keep a word such as a bank term as it is).
 */
export function englishLeftovers(language: Language, minLength = 12): string[] {
  const english = catalogOf('en');
  const own = catalogOf(language);
  const found = new Set<string>();
  for (const [id, message] of english) {
    const translated = own.get(id) ?? '';
    for (const text of literalParts(message)) {
      if (text.length > minLength && !translated.includes(text)) found.add(text);
    }
  }
  return [...found];
}
