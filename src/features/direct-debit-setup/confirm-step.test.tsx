/**
 * The confirm step on its own: over the authorization limit (429 with Retry-After, issue 26), the
 * alert counts the wait down, the button stays disabled, and both give way when it is over.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { ConfirmStep } from './confirm-step';
import { gtb, gtbAccount, open } from './test-fixtures';

function secondsIn(text: string | null): number {
  const match = /in (\d+) s/.exec(text ?? '');
  if (match?.[1] === undefined) throw new Error(`No seconds in "${text ?? ''}"`);
  return Number(match[1]);
}

test('the wait of a refused authorization counts down and the button comes back when it is over', async () => {
  const wait = 2;
  render(
    <ConfirmStep
      setup={open}
      bank={gtb}
      accountNumber={gtbAccount}
      accountName="TEST ACCOUNT 0001 (sandbox data)"
      notice={{ kind: 'rateLimited', retryAfterSeconds: wait }}
      busy={false}
      onConfirm={vi.fn()}
      onChangeAccount={vi.fn()}
    />,
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Too many attempts');
  expect(secondsIn(alert.textContent)).toBe(wait);
  const authorize = screen.getByRole('button', { name: 'Authorize direct debit' });
  expect(authorize).toBeDisabled();

  await waitFor(() => expect(secondsIn(alert.textContent)).toBe(wait - 1), { timeout: 2_000 });
  await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), {
    timeout: 3_000,
  });
  expect(authorize).toBeEnabled();
});
