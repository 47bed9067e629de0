/**
 * The messages whose text may be, or may contain, the English word for word (issue 17, "no English
 * left on any view of a non-English page except proper names"; docs/decisions/0024-languages.md,
 * docs/translations.md). One place, read by the catalog test (src/messages/catalogs.test.ts: a
 * message equal to English fails unless listed here) and by the e2e check of every view
 * (e2e/catalog-text.ts: the English of a message listed here may appear on that language's page).
 *
 * Shape: language (not English) → message id → a one-line reason. Only words that really are the
 * same in that language (sourced in docs/translations.md's glossary), proper names, signs and
 * codes belong here; a message that is merely untranslated is translated instead.
 */
import type { Language } from '../../contract/hosted-common';
import type { MessageId } from './message-ids.generated';

/** Why each message may stay English, per language. An empty record: nothing may. */
export const sameAsEnglish: Record<Exclude<Language, 'en'>, Partial<Record<MessageId, string>>> = {
  pcm: {
    'checkout.pending.bank': '"bank" is the Pidgin word (glossary: BBC News Pidgin, "di bank")',
    'setup.confirm.bank': '"bank" is the Pidgin word (glossary: BBC News Pidgin, "di bank")',
    'setup.status.activationBank':
      '"bank" is the Pidgin word (glossary: BBC News Pidgin, "di bank")',
    'checkout.pending.accountNumber':
      '"account number" is the Pidgin term (glossary: BBC News Pidgin)',
    'setup.account.label': '"account number" is the Pidgin term (glossary: BBC News Pidgin)',
    'setup.confirm.account': '"account number" is the Pidgin term (glossary: BBC News Pidgin)',
    'setup.status.activationAccountNumber':
      '"account number" is the Pidgin term (glossary: BBC News Pidgin)',
    'checkout.pending.amount': '"amount" is the Pidgin word (glossary: BBC News Pidgin)',
    'invoice.amount': '"amount" is the Pidgin word (glossary: BBC News Pidgin)',
    'setup.confirm.amount': '"amount" is the Pidgin word (glossary: BBC News Pidgin)',
    'setup.status.activationAmount': '"amount" is the Pidgin word (glossary: BBC News Pidgin)',
    'checkout.pending.accountName':
      'the label the customer must match in a bank app, kept (glossary: "account name")',
    'setup.confirm.accountName':
      'the label the customer must match in a bank app, kept (glossary: "account name")',
    'setup.status.activationAccountName':
      'the label the customer must match in a bank app, kept (glossary: "account name")',
    'common.reference':
      'the field name the customer must find in a bank app, kept (glossary: "reference")',
    'setup.status.activationReference':
      'the field name the customer must find in a bank app, kept (glossary: "reference")',
    'common.testModeLabel': 'kept and explained by the banner in Pidgin (glossary: "test mode")',
    'common.copy': '"copy" is the Pidgin verb too ("Copy am", "Copy di amount")',
    'common.lagosTime':
      '"Lagos time" is how Pidgin gives the hour; every Pidgin time message says it',
    'common.merchantLogo': '"logo" is the same word in Pidgin; the rest is the merchant’s name',
    'setup.summary.amountEvery':
      '"every week/month/year" is how Pidgin says it (BBC News Pidgin writes "every month")',
  },
  ha: {},
  yo: {},
  ig: {},
};

/** The reason `id` may show English on a `language` page, or null when it may not. */
export function sameAsEnglishReason(language: Language, id: string): string | null {
  if (language === 'en') return null;
  const reasons: Partial<Record<string, string>> = sameAsEnglish[language];
  return reasons[id] ?? null;
}
