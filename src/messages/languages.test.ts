import { expect, test } from 'vitest';
import type { Language } from '../../contract/hosted-common';
import { htmlLang, languages, matchBrowserLanguage, resolveLanguage } from './languages';

const all: readonly Language[] = languages;

test.each([
  [['yo'], 'yo'],
  [['yo-NG'], 'yo'],
  [['ha-Latn-NG', 'en-GB'], 'ha'],
  [['ig'], 'ig'],
  [['pcm'], 'pcm'],
  [['PCM-ng'], 'pcm'],
  [['en-GB', 'yo'], 'en'],
  [['fr-FR', 'ig-NG'], 'ig'],
])('the browser languages %j match %s by primary subtag', (tags, expected) => {
  expect(matchBrowserLanguage(tags, all)).toBe(expected);
});

test('browser languages the pages do not speak match nothing', () => {
  expect(matchBrowserLanguage(['fr-FR', 'de', 'yoa'], all)).toBeNull();
  expect(matchBrowserLanguage([], all)).toBeNull();
});

test('a browser language without catalogs in this build is passed over for the next one', () => {
  expect(matchBrowserLanguage(['yo-NG', 'ha'], ['en', 'ha'])).toBe('ha');
});

test('the customer’s choice wins over the merchant’s preference and the browser', () => {
  expect(
    resolveLanguage({ chosen: 'ig', preferred: 'ha', browser: ['yo-NG'], available: all }),
  ).toBe('ig');
});

test('without a choice, the merchant’s preference wins over the browser', () => {
  expect(
    resolveLanguage({ chosen: null, preferred: 'ha', browser: ['yo-NG'], available: all }),
  ).toBe('ha');
});

test('without a choice or a preference, the first browser language the pages speak', () => {
  expect(
    resolveLanguage({ chosen: null, preferred: null, browser: ['fr', 'yo-NG'], available: all }),
  ).toBe('yo');
});

test('else English', () => {
  expect(
    resolveLanguage({ chosen: null, preferred: null, browser: ['fr-FR'], available: all }),
  ).toBe('en');
});

test('a choice or preference whose catalogs are missing from the build is skipped', () => {
  expect(
    resolveLanguage({ chosen: 'yo', preferred: 'ig', browser: ['ha'], available: ['en', 'ha'] }),
  ).toBe('ha');
});

test('<html lang> is Nigerian English for English and the language’s own subtag otherwise', () => {
  expect(htmlLang).toEqual({ en: 'en-NG', pcm: 'pcm', ha: 'ha', yo: 'yo', ig: 'ig' });
});
