/**
 * Test helpers for payouts: open the business-level gates of service-api.md, "Authentication"
 * rule 5 the way a merchant and the service do (sandbox/README.md, "Payout access review").
 */
import { z } from 'zod';
import { payoutUseCaseResponseSchema, type PayoutUseCase } from '../../contract/payouts';
import type { TestSandbox } from './test-sandbox';

const issuedKey = z.object({ data: z.object({ secretKey: z.string() }) });

async function step(
  sandbox: TestSandbox,
  method: string,
  path: string,
  key: string,
  body: unknown,
): Promise<unknown> {
  const result = await sandbox.api(method, path, { key, body });
  if (result.status >= 300) {
    throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body;
}

/**
 * Submits a payout use case with the live `payoutKey` (scope `payouts:create`) and approves it
 * with the demo live key: the Payout API is then enabled for the business.
 * @returns the approved use case. @throws Error when either step is not 2xx.
 */
export async function approvePayoutUseCase(
  sandbox: TestSandbox,
  payoutKey: string,
): Promise<PayoutUseCase> {
  const submitted = payoutUseCaseResponseSchema.parse(
    await step(sandbox, 'POST', '/api/v1/payout-use-cases', payoutKey, {
      useCase: 'Weekly payouts of trainer fees to the gym chain’s coaches',
    }),
  ).data;
  const reviewed = await step(
    sandbox,
    'POST',
    `/sandbox/v1/payout-use-cases/${submitted.id}/review`,
    sandbox.credentials.liveSecretKey,
    { decision: 'approved' },
  );
  return payoutUseCaseResponseSchema.parse(reviewed).data;
}

/**
 * With the demo live key: approves KYC and sets `ipWhitelist`, issues a live `payouts:create` key
 * and has a payout use case approved ({@link approvePayoutUseCase}).
 * @returns the live payout key (`osk_live_…`). @throws Error when any step is not 2xx.
 */
export async function openPayoutApi(sandbox: TestSandbox, ipWhitelist: string[]): Promise<string> {
  const control = sandbox.credentials.liveSecretKey;
  await step(sandbox, 'PUT', '/sandbox/v1/payouts/access', control, {
    kycApproved: true,
    ipWhitelist,
  });
  const payoutKey = issuedKey.parse(
    await step(sandbox, 'POST', '/sandbox/v1/payouts/keys', control, {}),
  ).data.secretKey;
  await approvePayoutUseCase(sandbox, payoutKey);
  return payoutKey;
}
