import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { activateLanguage, loadLanguage } from '../../messages/i18n';
import { RejectionNotice } from './rejection-notice';

// One reason per category, as a Nigerian bank words it, and the headline the customer reads.
const reasons = [
  [
    'Mandate rejected: Account Closed',
    'Your bank says this account is closed.',
    'Bankinku ya ce an rufe wannan asusu.',
  ],
  ['Dormant Account - reactivation required', /this account is dormant/, /ya daina aiki/],
  ['Post No Debit restriction on account', /restricted this account/, /taƙaita amfani/],
  ['BVN/account name mismatch', /could not match your details/, /bai iya daidaita bayananku/],
  ['Mandate declined by customer', /declined when it asked you to confirm it/, /an ƙi amincewa/],
  [
    'Account type does not permit direct debit',
    'Your bank says this type of account cannot be used for direct debit.',
    /irin wannan asusu/,
  ],
  ['Do not honour', /did not approve a direct debit from this account/, /bai amince da cire kuɗi/],
] as const;

test.each(reasons)(
  'the bank saying %j shows its category’s message, with the bank’s words beneath',
  (reason, english) => {
    render(<RejectionNotice reason={reason} />);
    expect(screen.getByText(english)).toBeVisible();
    expect(screen.getByText(`Your bank said: ${reason}`)).toBeVisible();
  },
);

test.each(reasons)(
  'in Hausa, the bank saying %j shows its category’s message',
  async (reason, _english, hausa) => {
    await loadLanguage('ha', ['setup-steps']);
    activateLanguage('ha');
    render(<RejectionNotice reason={reason} />);
    expect(screen.getByText(hausa)).toBeVisible();
    // The bank's own words stay as the bank wrote them.
    expect(screen.getByText(`Bankinku ya ce: ${reason}`)).toBeVisible();
  },
);

test('a reason the page does not know gets the general message; the bank’s words are shown', () => {
  render(<RejectionNotice reason="Error 51: mandate could not be lodged at this time" />);
  expect(
    screen.getByText(
      'Your bank did not approve a direct debit from this account. Your bank can tell you why.',
    ),
  ).toBeVisible();
  expect(
    screen.getByText('Your bank said: Error 51: mandate could not be lodged at this time'),
  ).toBeVisible();
});

test('no reason: the general message, and that the bank did not say why', () => {
  render(<RejectionNotice reason={null} />);
  expect(screen.getByText(/did not approve a direct debit/)).toBeVisible();
  expect(screen.getByText('Your bank did not say why.')).toBeVisible();
});

test('the bank’s words are shown as text, never as markup', () => {
  const { container } = render(
    <RejectionNotice reason={'<img src=x onerror="alert(1)"><b>Account closed</b>'} />,
  );
  expect(container.querySelector('img, b')).toBeNull();
  expect(
    screen.getByText('Your bank said: <img src=x onerror="alert(1)"><b>Account closed</b>'),
  ).toBeVisible();
});

test('the bank’s words are bounded in length', () => {
  render(<RejectionNotice reason={`Account closed ${'and more '.repeat(100)}`} />);
  const detail = screen.getByText(/^Your bank said: /);
  expect(detail.textContent.length).toBeLessThan(200);
  expect(detail.textContent).toMatch(/…$/);
});
