import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { CheckoutCustomerRequest } from '../../../contract/checkout';
import { DetailsForm } from './details-form';
import type { PageFailure } from './machine';
import { needsDetailsFixture } from './test-fixtures';

function renderForm(
  needs: { email: boolean; phone: boolean },
  options: { busy?: boolean; failure?: PageFailure | null } = {},
) {
  const onSubmit = vi.fn<(request: CheckoutCustomerRequest) => void>();
  render(
    <DetailsForm
      checkout={needsDetailsFixture(needs)}
      busy={options.busy ?? false}
      failure={options.failure ?? null}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

test('a phone in local format is accepted and sent as E.164', async () => {
  const user = userEvent.setup();
  const onSubmit = renderForm({ email: false, phone: true });
  await user.type(screen.getByLabelText('Phone number'), '0803 123 4567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ phone: '+2348031234567' });
});

test('an invalid Nigerian number is refused with a message tied to the field', async () => {
  const user = userEvent.setup();
  const onSubmit = renderForm({ email: false, phone: true });
  const phone = screen.getByLabelText('Phone number');
  // 0917 has a length Nigeria uses but is not an allocated range: exact validation refuses it.
  await user.type(phone, '0917 123 4567');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByText('This is not a valid Nigerian phone number.')).toBeInTheDocument();
  expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(phone).toHaveAccessibleDescription(
    expect.stringContaining('This is not a valid Nigerian phone number.'),
  );
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a foreign number is refused as not Nigerian', async () => {
  const user = userEvent.setup();
  const onSubmit = renderForm({ email: false, phone: true });
  await user.type(screen.getByLabelText('Phone number'), '+44 7911 123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Enter a Nigerian phone number (+234).')).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

test('when only the e-mail is missing, only the e-mail is asked', async () => {
  const user = userEvent.setup();
  const onSubmit = renderForm({ email: true, phone: false });
  expect(screen.getByRole('heading', { level: 1, name: 'Your contact details' })).toHaveFocus();
  expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
  const email = screen.getByLabelText('Email address');
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toHaveAttribute('autocomplete', 'email');

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
  expect(email).toHaveAccessibleDescription(expect.stringContaining('Enter your email address.'));

  await user.type(email, 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ email: 'ada@example.com' });
});

test('when both are missing, both are asked, with hints', () => {
  renderForm({ email: true, phone: true });
  expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
    'For messages about this payment.',
  );
  const phone = screen.getByLabelText('Phone number');
  expect(phone).toHaveAttribute('type', 'tel');
  expect(phone).toHaveAccessibleDescription(expect.stringContaining('0803 123 4567'));
});

test('while saving, the button is disabled and says so, and the fields are read-only', () => {
  renderForm({ email: true, phone: false }, { busy: true });
  expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
});

test('a failed save is an alert with the request reference and keeps the form', () => {
  renderForm(
    { email: true, phone: false },
    { failure: { kind: 'unexpected', status: 500, requestId: 'req_500' } },
  );
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('We could not save your details.');
  expect(alert).toHaveTextContent('What you entered is kept.');
  expect(alert).toHaveTextContent('req_500');
  expect(screen.getByRole('button', { name: 'Copy reference' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('the e-mail is never spell-checked or autocorrected into another address', () => {
  renderForm({ email: true, phone: false });
  expect(screen.getByLabelText('Email address')).toHaveAttribute('spellcheck', 'false');
});
