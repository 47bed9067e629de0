import { expect, test } from 'vitest';
import { checkoutCustomerRequestSchema } from '../../../contract/checkout-customer';
import { translateFormError } from '../../messages/i18n';
import { detailsFormSchema } from './details-schema';

/** The schema's issues as the customer reads them: its messages are ids, said in English here. */
function readIssues(issues: { path: PropertyKey[]; message: string }[] | undefined) {
  return issues?.map((issue) => ({ ...issue, message: translateFormError(issue.message) }));
}

const both = detailsFormSchema({ email: true, phone: true });

test.each([
  ['0803 123 4567', '+2348031234567'],
  ['08031234567', '+2348031234567'],
  ['(0803) 123-4567', '+2348031234567'],
  ['+234 803 123 4567', '+2348031234567'],
  ['2348031234567', '+2348031234567'],
  ['0201 234 5678', '+2342012345678'],
])('the phone %s is accepted and becomes %s', (input, e164) => {
  const result = both.safeParse({ email: 'ada@example.com', phone: input });
  expect(result.success && result.data).toEqual({ email: 'ada@example.com', phone: e164 });
});

test.each([
  ['', 'Enter your phone number.'],
  ['0917 123 4567', 'This is not a valid Nigerian phone number.'],
  ['0803 123', 'This phone number is too short.'],
  ['+44 7911 123456', 'Enter a Nigerian phone number (+234).'],
  [
    '0803 123 4567 x12',
    'A phone number may contain only digits, spaces, dashes, brackets and a leading +.',
  ],
])('the phone "%s" is refused: %s', (input, message) => {
  const result = both.safeParse({ email: 'ada@example.com', phone: input });
  expect(result.success).toBe(false);
  expect(readIssues(result.error?.issues)).toEqual([
    expect.objectContaining({ path: ['phone'], message }),
  ]);
});

test.each([
  ['', 'Enter your email address.'],
  ['   ', 'Enter your email address.'],
  ['ada', 'Enter an email address like name@example.com.'],
  ['ada@', 'Enter an email address like name@example.com.'],
])('the e-mail "%s" is refused: %s', (input, message) => {
  const result = both.safeParse({ email: input, phone: '08031234567' });
  expect(readIssues(result.error?.issues)).toEqual([
    expect.objectContaining({ path: ['email'], message }),
  ]);
});

test('the e-mail is trimmed', () => {
  const result = detailsFormSchema({ email: true, phone: false }).safeParse({
    email: ' ada@example.com ',
  });
  expect(result.success && result.data).toEqual({ email: 'ada@example.com' });
});

test('a field the payment does not lack is neither asked nor sent', () => {
  const emailOnly = detailsFormSchema({ email: true, phone: false });
  expect(emailOnly.parse({ email: 'ada@example.com' })).toEqual({ email: 'ada@example.com' });
  const phoneOnly = detailsFormSchema({ email: false, phone: true });
  expect(phoneOnly.parse({ phone: '0803 123 4567' })).toEqual({ phone: '+2348031234567' });
});

test('what the form outputs is what the contract accepts, unchanged', () => {
  const output = both.parse({ email: 'ada@example.com', phone: '0803 123 4567' });
  expect(checkoutCustomerRequestSchema.parse(output)).toEqual(output);
});
