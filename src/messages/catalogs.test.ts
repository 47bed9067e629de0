/**
 * The catalogs themselves (docs/decisions/0024-languages.md): every language of the contract's list
 * (`languageSchema`, contract/hosted-common.ts) has exactly English's PO files and message ids (a
 * missing language, part or message, or one English no longer has, fails here before it fails a
 * build or reaches a customer), every message compiles as ICU MessageFormat with English's
 * arguments, plural cases render, and no message of another language is English word for word
 * unless src/messages/same-as-english.ts says why it may be.
 */
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { expect, test } from 'vitest';
import { languageSchema } from '../../contract/hosted-common';
import {
  argumentNames,
  catalogFolders,
  catalogParts,
  literalParts,
  readCatalog,
  readMessages,
} from './catalog-files';
import { languages } from './languages';
import { sameAsEnglish, sameAsEnglishReason } from './same-as-english';

const parts = catalogParts('en');
const others = languageSchema.options.filter((language) => language !== 'en');

test('English has every part, and only the languages of the pages have catalogs', () => {
  expect(parts.length).toBeGreaterThan(0);
  for (const part of parts) expect(readCatalog('en', part).size).toBeGreaterThan(0);
  for (const folder of catalogFolders()) expect(languages).toContain(folder);
});

test.each(others)('%s has a catalog for every part English has, and no other', (language) => {
  expect(catalogParts(language)).toEqual(parts);
});

test.each(others.flatMap((l) => parts.map((p) => [l, p])))(
  '%s/%s.po has exactly the message ids of English, each translated',
  (language, part) => {
    const english = readCatalog('en', part);
    const translated = readCatalog(language, part);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, message] of translated)
      expect({ id, message }).not.toEqual({ id, message: '' });
  },
);

test.each(languageSchema.options.flatMap((l) => parts.map((p) => [l, p])))(
  'every message of %s/%s.po compiles and uses exactly English’s arguments',
  (language, part) => {
    const english = readCatalog('en', part);
    for (const [id, message] of readCatalog(language, part)) {
      expect(() => compileMessageOrThrow(message), id).not.toThrow();
      expect({ id, args: argumentNames(message) }).toEqual({
        id,
        args: argumentNames(english.get(id) ?? ''),
      });
    }
  },
);

test.each(others)(
  'no %s message is the English word for word unless same-as-english.ts gives a reason',
  (language) => {
    const english = readMessages('en');
    const untranslated = [...readMessages(language)]
      .filter(([id, message]) => message === english.get(id))
      // Nothing but arguments and signs ("{day} {month} {year}") is in no language at all.
      .filter(([, message]) => literalParts(message).some((words) => /\p{L}/u.test(words)))
      .filter(([id]) => sameAsEnglishReason(language, id) === null)
      .map(([id, message]) => `${id}: ${message}`);
    expect(untranslated).toEqual([]);
  },
);

test.each(others)(
  'every %s entry of same-as-english.ts is a message that still shows English words',
  (language) => {
    const english = readMessages('en');
    const own = readMessages(language);
    const stale = Object.keys(sameAsEnglish[language]).filter((id) => {
      const translated = own.get(id) ?? '';
      return !literalParts(english.get(id) ?? '').some((words) => translated.includes(words));
    });
    expect(stale).toEqual([]);
  },
);

test('a message that is English word for word is caught, and a reason lets it through', () => {
  // The rule above, on one message the Pidgin catalog keeps on purpose and one it translates.
  const english = readMessages('en');
  const pidgin = readMessages('pcm');
  expect(pidgin.get('checkout.pending.bank')).toBe(english.get('checkout.pending.bank'));
  expect(sameAsEnglishReason('pcm', 'checkout.pending.bank')).toMatch(/Pidgin/);
  expect(pidgin.get('setup.bank.continue')).not.toBe(english.get('setup.bank.continue'));
  expect(sameAsEnglishReason('pcm', 'setup.bank.continue')).toBeNull();
  expect(sameAsEnglishReason('ha', 'checkout.pending.bank')).toBeNull();
  expect(sameAsEnglishReason('en', 'checkout.pending.bank')).toBeNull();
});

test('plural cases render in English', () => {
  const i18n = setupI18n({
    locale: 'en',
    messages: {
      en: {
        matches: compileMessageOrThrow(readCatalog('en', 'setup').get('setup.bank.matches') ?? ''),
      },
    },
  });
  expect(i18n._('matches', { count: 0 })).toBe('No bank matches your search. Check the spelling.');
  expect(i18n._('matches', { count: 1 })).toBe('1 bank matches.');
  expect(i18n._('matches', { count: 7 })).toBe('7 banks match.');
});

test.each(languageSchema.options)(
  'every %s message renders with sample values, leaving no ICU syntax',
  (language) => {
    const catalog = readMessages(language);
    const i18n = setupI18n({
      locale: language,
      messages: {
        [language]: Object.fromEntries(
          [...catalog].map(([id, message]) => [id, compileMessageOrThrow(message)]),
        ),
      },
    });
    for (const [id, message] of catalog) {
      const values = Object.fromEntries(argumentNames(message).map((name) => [name, 2]));
      const text = i18n._(id, values);
      expect(/[{}]/.test(text), `${id}: ${text}`).toBe(false);
    }
  },
);
