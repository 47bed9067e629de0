import { randomUUID } from 'node:crypto';
import { afterEach, expect, test } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../../contract/errors';
import { listResponse } from '../../../contract/paging';
import {
  payoutAccessResponseSchema,
  payoutKeyResponseSchema,
  payoutUseCaseResponseSchema,
  payoutUseCaseSchema,
} from '../../../contract/payouts';
import { createTestSandbox, type TestSandbox } from '../../testing/test-sandbox';

const sandboxes: TestSandbox[] = [];
afterEach(() => {
  for (const sandbox of sandboxes.splice(0)) sandbox.close();
});

const useCaseText = 'Daily payouts of ride earnings to our drivers’ bank accounts';

/** A business with approved KYC, a whitelist and a live payout key, but no Payout API access. */
async function start(): Promise<{ sandbox: TestSandbox; payoutKey: string; control: string }> {
  const sandbox = createTestSandbox({ start: new Date('2026-03-02T10:00:00Z') });
  sandboxes.push(sandbox);
  const control = sandbox.credentials.liveSecretKey;
  await sandbox.api('PUT', '/sandbox/v1/payouts/access', {
    key: control,
    body: { kycApproved: true, ipWhitelist: ['203.0.113.7'] },
  });
  const issued = await sandbox.api('POST', '/sandbox/v1/payouts/keys', { key: control, body: {} });
  return { sandbox, payoutKey: payoutKeyResponseSchema.parse(issued.body).data.secretKey, control };
}

/** `POST /api/v1/beneficiaries` from the whitelisted IP: passes only when every gate is open. */
async function createBeneficiary(sandbox: TestSandbox, key: string) {
  const response = await sandbox.sandbox.handle(
    new Request(new URL('/api/v1/beneficiaries', sandbox.sandbox.publicOrigin), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ bankId: '000013', accountNumber: '0000001015' }),
    }),
    { clientIp: '203.0.113.7' },
  );
  return { status: response.status, body: (await response.json()) as unknown };
}

async function submit(sandbox: TestSandbox, key: string, idempotencyKey?: string) {
  return sandbox.api('POST', '/api/v1/payout-use-cases', {
    key,
    body: { useCase: useCaseText, expectedMonthlyVolume: 2_500_000 },
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
}

async function review(sandbox: TestSandbox, control: string, id: string, decision: object) {
  return sandbox.api('POST', `/sandbox/v1/payout-use-cases/${id}/review`, {
    key: control,
    body: decision,
  });
}

async function apiEnabled(sandbox: TestSandbox, control: string): Promise<boolean> {
  const access = await sandbox.api('GET', '/sandbox/v1/payouts/access', { key: control });
  return payoutAccessResponseSchema.parse(access.body).data.enabled;
}

test('a submitted use case keeps the Payout API closed until the service approves it; then the gate opens', async () => {
  const { sandbox, payoutKey, control } = await start();
  const closed = await createBeneficiary(sandbox, payoutKey);
  expect(closed.status).toBe(403);
  expect(errorBodySchema.parse(closed.body).message).toBe(
    'Payout API is not enabled for the business',
  );

  const idempotencyKey = randomUUID();
  const submitted = await submit(sandbox, payoutKey, idempotencyKey);
  expect(submitted.status).toBe(201);
  const useCase = payoutUseCaseResponseSchema.parse(submitted.body).data;
  expect(useCase).toMatchObject({
    mode: 'live',
    useCase: useCaseText,
    expectedMonthlyVolume: 2_500_000,
    status: 'in_review',
    declineReason: null,
    reviewedAt: null,
  });
  // A retry with the same Idempotency-Key answers the same use case; a new one is refused.
  const retried = await submit(sandbox, payoutKey, idempotencyKey);
  expect(payoutUseCaseResponseSchema.parse(retried.body).data.id).toBe(useCase.id);
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  const second = await submit(sandbox, payoutKey);
  expect(second.status).toBe(409);
  expect(errorBodySchema.parse(second.body)).toMatchObject({ code: 'CONFLICT' });
  // In review, the gate is still closed.
  expect(await apiEnabled(sandbox, control)).toBe(false);
  expect((await createBeneficiary(sandbox, payoutKey)).status).toBe(403);

  const approved = await review(sandbox, control, useCase.id, { decision: 'approved' });
  expect(approved.status).toBe(200);
  expect(payoutUseCaseResponseSchema.parse(approved.body).data).toMatchObject({
    status: 'approved',
    reviewedAt: '2026-03-02T10:00:00.000Z',
  });
  expect(await apiEnabled(sandbox, control)).toBe(true);
  expect((await createBeneficiary(sandbox, payoutKey)).status).toBe(201);

  // Decided once: a second review and a new submission are conflicts.
  const again = await review(sandbox, control, useCase.id, { decision: 'declined' });
  expect(again.status).toBe(409);
  expect((await submit(sandbox, payoutKey)).status).toBe(409);
  expect(await apiEnabled(sandbox, control)).toBe(true);
});

test('a declined use case leaves the Payout API closed, keeps the reason, and the business may submit again', async () => {
  const { sandbox, payoutKey, control } = await start();
  const first = payoutUseCaseResponseSchema.parse((await submit(sandbox, payoutKey)).body).data;
  const declined = await review(sandbox, control, first.id, {
    decision: 'declined',
    reason: 'Describe who receives the payouts',
  });
  expect(payoutUseCaseResponseSchema.parse(declined.body).data).toMatchObject({
    status: 'declined',
    declineReason: 'Describe who receives the payouts',
  });
  expect(await apiEnabled(sandbox, control)).toBe(false);
  const refused = await createBeneficiary(sandbox, payoutKey);
  expect(refused.status).toBe(403);
  expect(errorBodySchema.parse(refused.body).message).toBe(
    'Payout API is not enabled for the business',
  );

  const resubmitted = await submit(sandbox, payoutKey);
  expect(resubmitted.status).toBe(201);
  const listed = await sandbox.api('GET', '/api/v1/payout-use-cases', { key: payoutKey });
  const page = listResponse(payoutUseCaseSchema).parse(listed.body);
  expect(page.data.map((item) => item.status)).toEqual(['in_review', 'declined']);
  const onlyDeclined = await sandbox.api('GET', '/api/v1/payout-use-cases?status=declined', {
    key: payoutKey,
  });
  expect(listResponse(payoutUseCaseSchema).parse(onlyDeclined.body).data).toEqual([
    expect.objectContaining({ id: first.id }),
  ]);
  const read = await sandbox.api('GET', `/api/v1/payout-use-cases/${first.id}`, {
    key: payoutKey,
  });
  expect(payoutUseCaseResponseSchema.parse(read.body).data.declineReason).toBe(
    'Describe who receives the payouts',
  );
});

test('use cases are live-mode: test keys cannot submit or review, bad input stores nothing', async () => {
  const { sandbox, payoutKey, control } = await start();
  const testKey = sandbox.issueKey({
    mode: 'test',
    scopes: ['payouts:create', 'sandbox:controls'],
  });
  const byTestKey = await submit(sandbox, testKey);
  expect(byTestKey.status).toBe(403);
  expect(errorBodySchema.parse(byTestKey.body)).toMatchObject({
    code: 'LIVE_MODE_REQUIRED',
    requestId: expect.stringMatching(/^req_/) as string,
  });
  const tooShort = await sandbox.api('POST', '/api/v1/payout-use-cases', {
    key: payoutKey,
    body: { useCase: 'payouts' },
  });
  expect(tooShort.status).toBe(400);
  expect(errorBodySchema.parse(tooShort.body).code).toBe('VALIDATION_FAILED');
  const noKey = await sandbox.api('POST', '/api/v1/payout-use-cases', {
    key: payoutKey,
    body: { useCase: useCaseText },
    idempotencyKey: null,
  });
  expect(errorBodySchema.parse(noKey.body).code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  const none = await sandbox.api('GET', '/api/v1/payout-use-cases', { key: payoutKey });
  expect(listResponse(payoutUseCaseSchema).parse(none.body).data).toEqual([]);

  const useCase = payoutUseCaseResponseSchema.parse((await submit(sandbox, payoutKey)).body).data;
  const reviewedByTestKey = await review(sandbox, testKey, useCase.id, { decision: 'approved' });
  expect(errorBodySchema.parse(reviewedByTestKey.body).code).toBe('LIVE_MODE_REQUIRED');
  const unknown = await review(sandbox, control, 'puc_unknown', { decision: 'approved' });
  expect(unknown.status).toBe(404);
  // A test key reads its own mode only: live use cases are not found there.
  const crossed = await sandbox.api('GET', `/api/v1/payout-use-cases/${useCase.id}`, {
    key: testKey,
  });
  expect(crossed.status).toBe(404);
  expect(await apiEnabled(sandbox, control)).toBe(false);
  expect(
    z
      .object({ data: z.array(z.unknown()) })
      .parse((await sandbox.api('GET', '/api/v1/payout-use-cases', { key: testKey })).body).data,
  ).toEqual([]);
});
