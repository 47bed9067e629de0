/**
 * What the setup page makes of a rejected mandate's `rejectionReason` (contract/direct-debit.ts:
 * free text from the bank, or null). The interface document lists the mandate states but shows no
 * reason values (service-api.md, "States and transitions"), so the page maps the bank's words to a
 * small set of categories of its own, each with a translated message, and shows the bank's words
 * beneath as a detail (docs/decisions/0040-bank-rejection-reasons.md).
 */

/**
 * Why a bank refused a direct-debit mandate, as far as the page can tell:
 *
 * - `closed`: the account is closed;
 * - `dormant`: the account is dormant or inactive (unused for long; the bank can reactivate it);
 * - `restricted`: the bank has restricted the account (post no debit, frozen, blocked);
 * - `details_mismatch`: the name, BVN or signature on the mandate does not match the bank's records;
 * - `customer_declined`: the account holder declined (or did not confirm) the mandate;
 * - `account_not_eligible`: the account (or its type) does not allow direct debits;
 * - `general`: anything else, and no reason at all.
 */
export type RejectionCategory =
  | 'closed'
  | 'dormant'
  | 'restricted'
  | 'details_mismatch'
  | 'customer_declined'
  | 'account_not_eligible'
  | 'general';

/**
 * The phrases Nigerian banks use when they refuse a mandate (NIBSS e-mandate and bank-app
 * wording), by category, matched on lower-cased text. Checked in this order, first match wins: the
 * customer's own decline before any other refusal, and an account's state (dormant, closed,
 * restricted) before the details and the account type.
 */
const categoryPatterns: readonly (readonly [RejectionCategory, readonly RegExp[]])[] = [
  [
    'customer_declined',
    [
      /\b(customer|payer|account holder|subscriber)\b.{0,40}\b(declin|reject|refus|cancel|did not (approve|authori[sz]e|confirm)|not (approved|authori[sz]ed|confirmed))/,
      /\b(declin|reject|refus|cancel)\w* by (the )?(customer|payer|account holder|subscriber)\b/,
    ],
  ],
  ['dormant', [/\bdormant\b/, /\binactive\b/, /\bin-?operative\b/]],
  ['closed', [/\b(account|a\/c)\b.{0,20}\bclosed\b/, /\bclosed (account|a\/c)\b/]],
  [
    'restricted',
    [
      /\bpost no debit\b/,
      /\bpnd\b/,
      /\brestrict/,
      /\bfrozen\b/,
      /\bfreeze\b/,
      /\bblocked\b/,
      /\bno debit\b/,
    ],
  ],
  [
    'details_mismatch',
    [
      /\bmismatch/,
      /\bdo(es)? not match\b/,
      /\bbvn\b/,
      /\bsignature\b/,
      /\bname\b.{0,20}\b(differ|incorrect|invalid)/,
    ],
  ],
  [
    'account_not_eligible',
    [
      /\b(not|never) (allow|permit|support)\w*\b.{0,30}\bdebit/,
      /\bdebits? (is |are )?not (allowed|permitted|supported)\b/,
      /\bnot eligible\b/,
      /\bineligible\b/,
      /\baccount type\b/,
    ],
  ],
];

/**
 * The category of a bank's rejection reason (see {@link RejectionCategory}): case-insensitive
 * phrase matching on the free text, `general` when nothing matches or the bank gave no reason
 * (`null`, or only blanks). Pure; never throws.
 */
export function rejectionCategoryOf(reason: string | null): RejectionCategory {
  if (reason === null) return 'general';
  const text = reason.toLowerCase().replace(/\s+/g, ' ');
  for (const [category, patterns] of categoryPatterns) {
    if (patterns.some((pattern) => pattern.test(text))) return category;
  }
  return 'general';
}

/** The most characters of the bank's own words the page shows (the rest is cut at a word). */
export const bankWordsMaxLength = 160;

/**
 * The bank's own words as the page shows them beneath the headline: control characters and runs
 * of white space become one space, and text longer than {@link bankWordsMaxLength} characters is
 * cut at the last word boundary before it, with "…". Null when nothing readable is left (or the
 * bank gave no reason). The result is rendered as text, never as HTML.
 */
export function bankWordsForDisplay(reason: string | null): string | null {
  if (reason === null) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const text = reason.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  if (text === '') return null;
  const characters = Array.from(text);
  if (characters.length <= bankWordsMaxLength) return text;
  const cut = characters.slice(0, bankWordsMaxLength - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > bankWordsMaxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
