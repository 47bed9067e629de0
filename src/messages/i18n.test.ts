/**
 * The language store's loading rules (src/messages/i18n.ts): a part registered late (the setup
 * page's lazy steps) is loaded in the active language before it renders, and two quick switches
 * end in the latest choice.
 */
import type { Messages } from '@lingui/core';
import { expect, test } from 'vitest';
import {
  addCatalogLoaders,
  chooseLanguage,
  getLanguageState,
  isPartLoaded,
  loadPartInActiveLanguage,
  translate,
  type CatalogModule,
} from './i18n';

/** A loader the test releases by hand, to hold a language's chunk in flight. */
function heldLoader(messages: Messages) {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    load: async (): Promise<CatalogModule> => {
      await arrived;
      return { messages };
    },
    release,
  };
}

test('a lazy step’s words are loaded in the page’s language before the step renders', async () => {
  // vitest.setup.ts registers every part but `setup-steps`' other languages are real PO chunks;
  // give Hausa a held stand-in for them.
  const steps = heldLoader({ 'setup.account.title': 'Hausa: account' });
  addCatalogLoaders('setup-steps', { './locales/ha/setup-steps.po': steps.load });
  const chosen = chooseLanguage('ha');
  const ready = loadPartInActiveLanguage('setup-steps');
  steps.release();
  await Promise.all([chosen, ready]);
  expect(getLanguageState().active).toBe('ha');
  expect(isPartLoaded('ha', 'setup-steps')).toBe(true);
  expect(translate('setup.account.title')).toBe('Hausa: account');
});

test('two quick switches end in the latest choice, whichever chunk arrives last', async () => {
  const igbo = heldLoader({ 'common.language.label': 'Igbo: Language' });
  const pidgin = heldLoader({ 'common.language.label': 'Pidgin: Language' });
  addCatalogLoaders('common', {
    './locales/ig/common.po': igbo.load,
    './locales/pcm/common.po': pidgin.load,
  });
  const first = chooseLanguage('ig');
  const second = chooseLanguage('pcm');
  pidgin.release();
  await second;
  igbo.release();
  await first;
  expect(getLanguageState()).toEqual({ chosen: 'pcm', active: 'pcm' });
  expect(document.documentElement.lang).toBe('pcm');
  expect(sessionStorage.getItem('hosted-pages.language')).toBe('pcm');
  expect(translate('common.language.label')).toBe('Pidgin: Language');
});
