/**
 * The language switch on its own: a language whose catalogs cannot be downloaded leaves the page
 * in its language, and the switch says so (it still shows that language, not the one refused).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import { addCatalogLoaders, getLanguageState, type CatalogPart } from '../messages/i18n';
import { LanguageSwitch } from './language-switch';

test('a language that fails to download leaves the switch on the page’s language', async () => {
  let refuse: (reason: Error) => void = () => undefined;
  const download = new Promise<never>((_resolve, reject) => {
    refuse = reject;
  });
  const parts: CatalogPart[] = ['common', 'setup', 'setup-steps', 'checkout', 'invoice'];
  for (const part of parts)
    addCatalogLoaders(part, { [`./locales/yo/${part}.po`]: () => download });
  const user = userEvent.setup();
  render(<LanguageSwitch />);
  const select = screen.getByRole('combobox', { name: 'Language' });
  expect(select).toHaveValue('en');

  await user.selectOptions(select, 'yo');
  refuse(new Error('offline'));
  await download.catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(getLanguageState().active).toBe('en');
  await waitFor(() => expect(select).toHaveValue('en'));
  expect(screen.getByRole('status')).toHaveTextContent('');
});
