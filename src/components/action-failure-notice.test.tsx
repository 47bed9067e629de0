import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { ActionFailureNotice } from './action-failure-notice';

test('offline: says nothing has changed, that the input is kept, and offers Try again', async () => {
  const user = userEvent.setup();
  const onRetry = vi.fn();
  render(<ActionFailureNotice failure="offline" onRetry={onRetry} />);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent(
    'You are offline. Nothing has changed; try again when you are back online.',
  );
  expect(alert).toHaveTextContent('What you entered is kept.');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

test('no answer: says a retry will not do it twice; while retrying the button is busy', () => {
  render(<ActionFailureNotice failure="noAnswer" onRetry={vi.fn()} busy />);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'No answer from the service, so we cannot tell yet whether it went through. Try again: if it did, it will not be done twice.',
  );
  expect(screen.getByRole('button', { name: 'Trying again…' })).toBeDisabled();
});
