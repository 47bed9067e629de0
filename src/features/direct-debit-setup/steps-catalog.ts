/**
 * The words of the setup page's later steps (account, confirm, status: `setup-steps.po`), a
 * catalog part of their own so the page's first load does not carry them
 * (docs/decisions/0024-languages.md, "Bytes"). Imported by each lazy step's module: its English
 * arrives with the first of those steps, another language's part is loaded by lazy-steps.ts
 * before the step renders.
 */
import { registerPart, type CatalogModule } from '../../messages/i18n';
import { messages as stepsEnglish } from '../../messages/locales/en/setup-steps.po';

registerPart(
  'setup-steps',
  stepsEnglish,
  import.meta.glob<CatalogModule>([
    '../../messages/locales/*/setup-steps.po',
    '!../../messages/locales/en/setup-steps.po',
  ]),
);
