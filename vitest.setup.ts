import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { registerEnglishPart, resetLanguage } from './src/messages/i18n';
import { messages as checkoutEnglish } from './src/messages/locales/en/checkout.po';
import { messages as invoiceEnglish } from './src/messages/locales/en/invoice.po';
import { messages as setupEnglish } from './src/messages/locales/en/setup.po';

// Component tests render a page's views without its page module, which registers the page's
// English in the app (src/messages/i18n.ts): every part is registered here instead.
registerEnglishPart('setup', setupEnglish);
registerEnglishPart('checkout', checkoutEnglish);
registerEnglishPart('invoice', invoiceEnglish);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  resetLanguage();
});
