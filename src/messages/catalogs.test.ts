/**
 * The catalogs themselves (docs/decisions/0024-languages.md): every language has exactly English's
 * message ids in every part (a missing message, or one English no longer has, fails here before it
 * fails a build or reaches a customer), every message compiles as ICU MessageFormat with English's
 * arguments, and plural cases render.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { parse, type Token } from '@messageformat/parser';
import PO from 'pofile';
import { expect, test } from 'vitest';
import { languages } from './languages';

// Vitest runs from the repository's root (jsdom gives this module no file: URL).
const localesDir = join(process.cwd(), 'src', 'messages', 'locales');
const parts = ['common', 'setup', 'checkout', 'invoice'] as const;

function readCatalog(language: string, part: string): Map<string, string> {
  const po = PO.parse(readFileSync(join(localesDir, language, `${part}.po`), 'utf8'));
  return new Map(po.items.map((item) => [item.msgid, item.msgstr.join('')]));
}

function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'content' || token.type === 'octothorpe') continue;
      names.add(token.arg);
      if ('cases' in token) for (const entry of token.cases) visit(entry.tokens);
    }
  };
  visit(parse(message));
  return [...names].sort();
}

// The languages whose catalogs are in the repository (translations may land one by one).
const present = languages.filter((language) => existsSync(join(localesDir, language)));

test('English has every part, and only the languages of the pages have catalogs', () => {
  expect(present).toContain('en');
  for (const part of parts) expect(readCatalog('en', part).size).toBeGreaterThan(0);
  for (const entry of readdirSync(localesDir, { withFileTypes: true }))
    if (entry.isDirectory()) expect(languages).toContain(entry.name);
});

test.each(present.filter((language) => language !== 'en').flatMap((l) => parts.map((p) => [l, p])))(
  '%s/%s.po has exactly the message ids of English, each translated',
  (language, part) => {
    const english = readCatalog('en', part);
    const translated = readCatalog(language, part);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, message] of translated)
      expect({ id, message }).not.toEqual({ id, message: '' });
  },
);

test.each(present.flatMap((l) => parts.map((p) => [l, p])))(
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

test.each(present)(
  'every %s message renders with sample values, leaving no ICU syntax',
  (language) => {
    for (const part of parts) {
      const catalog = readCatalog(language, part);
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
    }
  },
);
