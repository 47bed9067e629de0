import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import {
  cacheControl,
  securityHeaders,
  strictTransportSecurity,
} from '../sandbox/http/security-headers';
import { deployDocPath, renderDeployDoc } from './deploy-doc';

test('docs/deploy.md is what `npm run docs:deploy` writes from the sandbox header table', async () => {
  // When this fails: the sandbox's headers changed; run `npm run docs:deploy` and commit the file.
  expect(readFileSync(deployDocPath, 'utf8')).toBe(await renderDeployDoc());
});

test('the deploy document names every header and cache policy the sandbox sends', async () => {
  const doc = await renderDeployDoc();
  for (const value of [...Object.values(securityHeaders), ...Object.values(cacheControl)])
    expect(doc).toContain(`\`${value}\``);
  expect(doc).toContain('`Content-Security-Policy`');
  expect(doc).toContain('`Referrer-Policy`');
  expect(doc).toContain('`X-Content-Type-Options`');
  expect(doc).toContain('`Cross-Origin-Opener-Policy`');
  expect(doc).toContain('`Permissions-Policy`');
});

test('the deploy document tells HTTPS hosts to send Strict-Transport-Security', async () => {
  const doc = await renderDeployDoc();
  expect(doc).toContain(`| \`Strict-Transport-Security\` | \`${strictTransportSecurity}\` |`);
  expect(strictTransportSecurity).toMatch(/^max-age=(\d+)/);
  expect(Number(/^max-age=(\d+)/.exec(strictTransportSecurity)?.[1])).toBeGreaterThanOrEqual(
    31536000,
  );
});
