/**
 * Lingui's configuration (docs/decisions/0024-languages.md): the five languages of
 * contract/hosted-common.ts (`languageSchema`), English the source, no fallback locale (a
 * language lacking a message fails the build: vite.config.ts sets `failOnMissing`). One catalog
 * per part, so a page's first load carries only its own English: `common` (every page, the entry)
 * and one per hosted page, the setup page's later steps (`setup-steps`) apart from its first step. Messages are looked up by explicit id (no macros, no extraction):
 * `include` names where each part's ids are used, for the record only.
 */
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const parts = ['common', 'setup', 'setup-steps', 'checkout', 'invoice'] as const;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pcm', 'ha', 'yo', 'ig'],
  fallbackLocales: false,
  // Every msgid is a stable id (`setup.bank.matches`), never an English sentence to hash.
  format: formatter({ explicitIdAsDefault: true }),
  catalogs: parts.map((part) => ({
    path: `<rootDir>/src/messages/locales/{locale}/${part}`,
    include: ['<rootDir>/src'],
  })),
});
