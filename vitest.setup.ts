import '@testing-library/jest-dom/vitest';
import { options } from 'preact';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerPart, resetLanguage, type CatalogModule } from './src/messages/i18n';
import { messages as checkoutEnglish } from './src/messages/locales/en/checkout.po';
import { messages as invoiceEnglish } from './src/messages/locales/en/invoice.po';
import { messages as setupEnglish } from './src/messages/locales/en/setup.po';
// The setup page's later steps register their own part (account, confirm, status) themselves.
import './src/features/direct-debit-setup/steps-catalog';

// Component tests render a page's views without its page module, which registers the page's
// English in the app (src/messages/i18n.ts): every part is registered here instead.
registerPart(
  'setup',
  setupEnglish,
  import.meta.glob<CatalogModule>([
    './src/messages/locales/*/setup.po',
    '!./src/messages/locales/en/setup.po',
  ]),
);
registerPart(
  'checkout',
  checkoutEnglish,
  import.meta.glob<CatalogModule>([
    './src/messages/locales/*/checkout.po',
    '!./src/messages/locales/en/checkout.po',
  ]),
);
registerPart(
  'invoice',
  invoiceEnglish,
  import.meta.glob<CatalogModule>([
    './src/messages/locales/*/invoice.po',
    '!./src/messages/locales/en/invoice.po',
  ]),
);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  resetLanguage();
});

// Preact runs effects a frame after paint; jsdom has no frames, so run them once the render's
// microtask is done, as React does for a test (its act environment). Only effects outside `act`
// get here: Testing Library runs the others when its render or event returns. A test of what
// happens before the next frame uses src/lib/test-frames.ts instead (decision 0031).
options.requestAnimationFrame = (callback) => {
  void Promise.resolve().then(callback);
};
