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

test('an https logo shows beside the name', () => {
  render(
    <HostedMerchantHeader
      merchant={merchant('https://cdn.example.com/oja.png')}
      logoAlt="Ọja Foods logo"
    />,
  );
  const logo = screen.getByRole('img', { name: 'Ọja Foods logo' });
  expect(logo).toHaveAttribute('src', 'https://cdn.example.com/oja.png');
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
  // Hidden, but still there to hold its place (app.css keeps its box).
  expect(container.querySelector('img.merchant-header__logo')).toHaveAttribute('hidden');
});

test('an uploaded logo on the pages’ own origin shows; an http logo elsewhere does not', () => {
  const own = window.location.origin;
  expect(isShowableLogoUrl('/sandbox/v1/logos/abc.png')).toBe(true);
  expect(isShowableLogoUrl(`${own}/sandbox/v1/logos/abc.svg`)).toBe(true);
  expect(isShowableLogoUrl('https://cdn.example.com/a.png')).toBe(true);
  expect(isShowableLogoUrl('http://cdn.example.com/a.png')).toBe(false);
  expect(isShowableLogoUrl('javascript:alert(1)')).toBe(false);
  // The console's preview of a file not yet uploaded.
  expect(isShowableLogoUrl('data:image/png;base64,iVBORw0KGgo=')).toBe(true);

  render(
    <HostedMerchantHeader merchant={merchant('http://cdn.example.com/a.png')} logoAlt="logo" />,
  );
  expect(screen.queryByRole('img')).toBeNull();
  expect(screen.getByText('Ọja Foods')).toBeVisible();
});
