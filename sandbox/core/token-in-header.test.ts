/**
 * The capability token of a hosted page is read from its header only (service-api.md, "Hosted
 * customer setup"; contract/hosted-reads.ts): a token in the query string would end up in access
 * logs, browser history and `Referer` headers, so one sent there without the header is refused as
 * a missing token, for reads and writes, and a refused write changes nothing.
 */
import { afterEach, expect, test } from 'vitest';
import { checkoutTokenHeader } from '../../contract/checkout';
import { errorBodySchema } from '../../contract/errors';
import { nubanCheckDigit } from '../../contract/nuban';
import { createTestPayment, tokenOf } from '../testing/checkout-testing';
import { createTestSandbox, type TestSandbox } from '../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

function newSandbox(): TestSandbox {
  const sandbox = createTestSandbox();
  sandboxes.push(sandbox);
  return sandbox;
}

/** `method path?token=…` with no capability header, as a page that put it in the URL would. */
async function withTokenInQuery(
  sandbox: TestSandbox,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const url = new URL(path, sandbox.sandbox.publicOrigin);
  url.searchParams.set('token', token);
  const response = await sandbox.handle(
    new Request(url, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: errorBodySchema.parse(await response.json()) };
}

// GTBank (bank id 000013, CBN code 058) test serial 000000002: verified (sandbox/README.md).
const verifiedAccount = '000000002' + String(nubanCheckDigit('058', '000000002'));

test('a setup token in the query string without its header is refused, reads and writes alike', async () => {
  const sandbox = newSandbox();
  const { token } = await sandbox.createSetupLink();

  for (const [method, path, body] of [
    ['GET', '/direct-debit/setup', undefined],
    ['GET', '/direct-debit/setup/banks', undefined],
    [
      'POST',
      '/direct-debit/setup/resolve-account',
      { bankId: '000013', accountNumber: verifiedAccount },
    ],
    [
      'POST',
      '/direct-debit/setup',
      { bankId: '000013', bankAccountNumber: verifiedAccount, consent: true },
    ],
  ] as const) {
    const refused = await withTokenInQuery(sandbox, method, path, token, body);
    expect({ method, path, status: refused.status, code: refused.body.code }).toEqual({
      method,
      path,
      status: 401,
      code: 'INVALID_SETUP_LINK',
    });
    expect(refused.body.requestId).toMatch(/\S/);
  }

  // Nothing was authorized: the same token in its header finds the setup still open.
  const state = await sandbox.setupApi('GET', '/direct-debit/setup', token);
  expect(state.status).toBe(200);
  expect(state.body).toMatchObject({ data: { mandate: null } });
});

test('a checkout token in the query string without its header is refused, reads and writes alike', async () => {
  const sandbox = newSandbox();
  const payment = await createTestPayment(sandbox, { customer: { email: 'tunde@example.com' } });
  const token = tokenOf(payment.checkoutUrl);

  const read = await withTokenInQuery(sandbox, 'GET', `/checkout/${payment.id}`, token);
  expect([read.status, read.body.code]).toEqual([401, 'INVALID_CHECKOUT_LINK']);
  const write = await withTokenInQuery(sandbox, 'POST', `/checkout/${payment.id}/customer`, token, {
    phone: '08031234567',
  });
  expect([write.status, write.body.code]).toEqual([401, 'INVALID_CHECKOUT_LINK']);
  expect(write.body.requestId).toMatch(/\S/);

  // The phone was not saved: the page still asks for it, with the token in its header.
  const state = await sandbox.handle(
    new Request(new URL(`/checkout/${payment.id}`, sandbox.sandbox.publicOrigin), {
      headers: { [checkoutTokenHeader]: token },
    }),
  );
  expect(state.status).toBe(200);
  expect(await state.json()).toMatchObject({
    data: { needsCustomerDetails: { phone: true } },
  });
});
