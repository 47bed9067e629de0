/**
 * The PO catalogs as files, for the checks that read them outside a build: the catalog test
 * (src/messages/catalogs.test.ts) and the e2e specs (e2e/catalog-text.ts). Node only (reads the
 * disk); the pages never import it (docs/decisions/0024-languages.md, "PO catalogs, one per part").
 *
 * The parts are whatever PO files a language's folder holds (`common.po`, `setup.po` …), not a
 * fixed list, so a catalog split in two or a new part is checked without touching this file, and
 * a language whose folder is missing reads as having no parts (and fails the checks that expect
 * English's).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import PO from 'pofile';

// Vitest and Playwright both run from the repository's root (jsdom gives a module no file: URL).
const localesDir = join(process.cwd(), 'src', 'messages', 'locales');

/** The languages that have a folder of catalogs (any name: the test compares with the list). */
export function catalogFolders(): string[] {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The parts (PO file names without `.po`) of `language`'s folder, sorted; [] without a folder. */
export function catalogParts(language: string): string[] {
  const dir = join(localesDir, language);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.po'))
    .map((name) => name.slice(0, -'.po'.length))
    .sort();
}

/** The messages (id → ICU MessageFormat text) of one part. @throws Error when the file is missing. */
export function readCatalog(language: string, part: string): Map<string, string> {
  const po = PO.parse(readFileSync(join(localesDir, language, `${part}.po`), 'utf8'));
  return new Map(po.items.map((item) => [item.msgid, item.msgstr.join('')]));
}

/** Every message (id → ICU text) of `language`, all its parts. */
export function readMessages(language: string): Map<string, string> {
  const messages = new Map<string, string>();
  for (const part of catalogParts(language))
    for (const [id, text] of readCatalog(language, part)) messages.set(id, text);
  return messages;
}

/** The names of `message`'s ICU arguments (plural and select arguments included), sorted. */
export function argumentNames(message: string): string[] {
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

/**
 * The words of an ICU message as written: its text outside arguments, every plural and select
 * case included, each stretch trimmed, those without a letter (": ", " · ") left out.
 */
export function literalParts(message: string): string[] {
  const out: string[] = [];
  const visit = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'content') out.push(token.value.trim());
      else if ('cases' in token) for (const entry of token.cases) visit(entry.tokens);
    }
  };
  visit(parse(message));
  return out.filter((text) => /\p{L}/u.test(text));
}
