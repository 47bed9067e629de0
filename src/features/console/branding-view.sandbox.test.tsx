/**
 * The console's branding form against the sandbox's own handler core through MSW
 * (conventions.md, "Tests"): a live key changes the name, colour and logo with a preview of the
 * pages' bar; a colour no text reads on is explained; a test key sees the service's refusal.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { brandingResponseSchema } from '../../../contract/branding';
import { cleanSvg } from '../../../sandbox/testing/logos';
import { createTestSandbox } from '../../../sandbox/testing/test-sandbox';
import { ConsoleRoot } from '../../app/console-root';
import { createQueryClient } from '../../app/query-client';

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });
const server = setupServer(http.all('*', ({ request }) => sandbox.handle(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  window.sessionStorage.clear();
  await sandbox.api('PUT', '/sandbox/v1/merchant/branding', {
    key: sandbox.credentials.liveSecretKey,
    body: { displayName: 'Adaeze Fitness', brandColor: '#0b5cad', logo: null },
  });
});
afterAll(() => {
  server.close();
  sandbox.close();
});

async function openBranding(key: string) {
  const user = userEvent.setup();
  window.history.replaceState(null, '', '/console/branding');
  render(<ConsoleRoot queryClient={createQueryClient()} />);
  // The first render may take a while on a busy machine.
  await user.type(await screen.findByLabelText('Secret key', {}, { timeout: 10_000 }), key);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Branding' });
  return user;
}

async function savedBranding() {
  return brandingResponseSchema.parse(
    (await sandbox.api('GET', '/sandbox/v1/merchant/branding')).body,
  ).data;
}

test('a live key changes the name and colour, previewed with a readable text colour, and uploads a logo file', async () => {
  const user = await openBranding(sandbox.credentials.liveSecretKey);
  const name = await screen.findByLabelText('Display name');
  expect(name).toHaveValue('Adaeze Fitness');
  await user.clear(name);
  await user.type(name, 'Ọja Foods');
  const colour = screen.getByLabelText('Brand colour (#rrggbb; blank for ours)');
  await user.clear(colour);
  await user.type(colour, '#ffd400');
  const preview = screen.getByRole('region', { name: 'Preview' });
  expect(within(preview).getByText('Ọja Foods')).toBeVisible();
  expect(preview).toHaveTextContent('Text on this colour: near-black (contrast 12.2:1');

  await user.selectOptions(screen.getByLabelText('Logo'), 'Upload a PNG or SVG file');
  const svg = new File([cleanSvg], 'logo.svg', { type: 'image/svg+xml' });
  await user.upload(screen.getByLabelText('Logo file'), svg);
  expect(await within(preview).findByRole('img', { name: 'Ọja Foods logo' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^data:image\/svg\+xml;base64,/),
  );
  await user.click(screen.getByRole('button', { name: 'Save branding' }));
  expect(await screen.findByText('Done')).toBeVisible();
  const saved = await savedBranding();
  expect(saved).toMatchObject({
    displayName: 'Ọja Foods',
    brandColor: '#ffd400',
    logo: { source: 'upload', contentType: 'image/svg+xml' },
  });
  expect(await screen.findByText(`Current logo: ${saved.logo?.url ?? ''}`)).toBeVisible();
}, 40_000);

test('a colour no text reads on is explained, and a bad colour or URL is caught before sending', async () => {
  const user = await openBranding(sandbox.credentials.liveSecretKey);
  const colour = await screen.findByLabelText('Brand colour (#rrggbb; blank for ours)');
  await user.clear(colour);
  await user.type(colour, '#808080');
  expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(
    'Neither white nor near-black text reaches 4.5:1',
  );
  await user.clear(colour);
  await user.type(colour, 'blue');
  await user.selectOptions(screen.getByLabelText('Logo'), 'An https image URL');
  await user.type(screen.getByLabelText('Logo URL (https)'), 'http://cdn.example.com/a.png');
  await user.click(screen.getByRole('button', { name: 'Save branding' }));
  expect(await screen.findByText('must be a colour #rrggbb')).toBeVisible();
  await user.clear(colour);
  await user.type(colour, '#1d6b3a');
  await user.click(screen.getByRole('button', { name: 'Save branding' }));
  expect(await screen.findByText('must be an absolute https URL')).toBeVisible();
  expect((await savedBranding()).brandColor).toBe('#0b5cad');
});

test('a test key sees the branding and the service’s refusal to change it', async () => {
  const user = await openBranding(sandbox.credentials.testSecretKey);
  const name = await screen.findByLabelText('Display name');
  await user.clear(name);
  await user.type(name, 'Test name');
  await user.click(screen.getByRole('button', { name: 'Save branding' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('LIVE_MODE_REQUIRED');
  expect(alert).toHaveTextContent('Request id');
  expect((await savedBranding()).displayName).toBe('Adaeze Fitness');
});
