import { fireEvent, render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { HostedMerchant } from '../../contract/common';
import { HostedMerchantHeader, isShowableLogoUrl } from './hosted-merchant-header';

const merchant = (logoUrl: string | null): HostedMerchant => ({
  name: 'Ọja Foods',
  logoUrl,
  brandColor: '#0b5cad',
  supportEmail: null,
});

test('an https logo shows beside the name, in a box of fixed size', () => {
  render(
    <HostedMerchantHeader
      merchant={merchant('https://cdn.example.com/oja.png')}
      logoAlt="Ọja Foods logo"
    />,
  );
  const logo = screen.getByRole('img', { name: 'Ọja Foods logo' });
  expect(logo).toHaveAttribute('src', 'https://cdn.example.com/oja.png');
  expect(logo).toHaveAttribute('width', '40');
  expect(logo).toHaveAttribute('height', '40');
  expect(screen.getByText('Ọja Foods')).toBeVisible();
});

test('a logo that fails to load gives way to the name, and its box stays to keep the name in place', () => {
  const { container } = render(
    <HostedMerchantHeader
      merchant={merchant('https://cdn.example.com/missing.png')}
      logoAlt="Ọja Foods logo"
    />,
  );
  fireEvent.error(screen.getByRole('img', { name: 'Ọja Foods logo' }));
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByText('Ọja Foods')).toBeVisible();
  const box = container.querySelector('.merchant-header__logo-box');
  expect(box).not.toBeNull();
  expect(box).toHaveTextContent('Ọ');
});

test('an uploaded logo on the pages’ own origin shows; an http logo elsewhere does not', () => {
  const page = 'http://127.0.0.1:4010/direct-debit/setup';
  expect(isShowableLogoUrl('/sandbox/v1/logos/abc.png', page)).toBe(true);
  expect(isShowableLogoUrl('http://127.0.0.1:4010/sandbox/v1/logos/abc.svg', page)).toBe(true);
  expect(isShowableLogoUrl('https://cdn.example.com/a.png', page)).toBe(true);
  expect(isShowableLogoUrl('http://cdn.example.com/a.png', page)).toBe(false);
  expect(isShowableLogoUrl('javascript:alert(1)', page)).toBe(false);
  // The console's preview of a file not yet uploaded; no other data: type.
  expect(isShowableLogoUrl('data:image/png;base64,iVBORw0KGgo=', page)).toBe(true);
  expect(isShowableLogoUrl('data:text/html;base64,PHA+', page)).toBe(false);

  render(
    <HostedMerchantHeader merchant={merchant('http://cdn.example.com/a.png')} logoAlt="logo" />,
  );
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByText('Ọja Foods')).toBeVisible();
});
