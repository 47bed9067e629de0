/**
 * The account step on its own: the rate-limit wait counts down in the alert and on the button,
 * and both give way when it is over, with the typed number kept.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { Bank } from '../../../contract/banks';
import { nubanCheckDigit } from '../../../contract/nuban';
import { AccountStep } from './account-step';

const gtb: Bank = {
  id: '000013',
  name: 'Guaranty Trust Bank',
  shortName: 'GTBank',
  cbnCode: '058',
  type: 'commercial',
};
const number = `012345678${nubanCheckDigit('058', '012345678')}`;

function secondsIn(text: string | null): number {
  const match = /in (\d+) s/.exec(text ?? '');
  if (match?.[1] === undefined) throw new Error(`No seconds in "${text ?? ''}"`);
  return Number(match[1]);
}

test('the rate-limit alert counts down with the button and goes when the wait is over', async () => {
  const wait = 2;
  render(
    <AccountStep
      bank={gtb}
      accountNumber={number}
      notice={{ kind: 'rateLimited', retryAfterSeconds: wait }}
      busy={false}
      onSubmit={vi.fn()}
      onChangeBank={vi.fn()}
    />,
  );
  const alert = screen.getByRole('alert');
  const button = screen.getByRole('button', { name: /Try again in \d+ s/ });
  expect(secondsIn(alert.textContent)).toBe(wait);
  expect(button).toBeDisabled();

  // One second later both say the same, smaller number.
  await waitFor(() => expect(secondsIn(alert.textContent)).toBe(wait - 1), { timeout: 2_000 });
  expect(secondsIn(button.textContent)).toBe(secondsIn(alert.textContent));

  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), {
    timeout: 3_000,
  });
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(screen.getByLabelText('Account number')).toHaveValue(number);
});

test('without a Retry-After the alert asks to wait a minute and stays', () => {
  render(
    <AccountStep
      bank={gtb}
      accountNumber={number}
      notice={{ kind: 'rateLimited', retryAfterSeconds: null }}
      busy={false}
      onSubmit={vi.fn()}
      onChangeBank={vi.fn()}
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Wait a minute');
  expect(screen.getByLabelText('Account number')).toHaveValue(number);
});

test('the account number is never spell-checked: no red underline under the digits', () => {
  render(
    <AccountStep
      bank={gtb}
      accountNumber={number}
      notice={null}
      busy={false}
      onSubmit={vi.fn()}
      onChangeBank={vi.fn()}
    />,
  );
  expect(screen.getByLabelText('Account number')).toHaveAttribute('spellcheck', 'false');
});
