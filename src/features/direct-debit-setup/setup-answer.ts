/**
 * The direct-debit setup page's answers as its views use them (service-api.md, "Hosted customer
 * setup"), for both of its flows: the first view's, drawn before TanStack Query has arrived
 * (`first-setup-flow.ts`), and the live one (`use-setup-flow.ts`, through `api.ts`). Neither
 * imports the query library (docs/decisions/0028, second addendum of issue 25). Amounts are naira.
 */
import type { Bank } from '../../../contract/banks';
import type { SetupState } from '../../../contract/direct-debit';
import { setupRoutes as routes } from '../../../contract/routes-setup';
import { parseAnswer, type RawAnswer } from '../../lib/api-client';

/**
 * The setup state (`SetupState`) in an answer of `GET /direct-debit/setup`.
 * @throws ApiError (code UNEXPECTED_RESPONSE) when the body breaks the contract.
 */
export function selectSetup(answer: RawAnswer): SetupState {
  return parseAnswer(routes.getSetup, answer).data;
}

/**
 * The banks offered for direct debit (`Bank[]`) in an answer of `GET /direct-debit/setup/banks`.
 * @throws ApiError (code UNEXPECTED_RESPONSE) when the body breaks the contract.
 */
export function selectBanks(answer: RawAnswer): Bank[] {
  return parseAnswer(routes.listSetupBanks, answer).data;
}

/**
 * The answer of `GET /direct-debit/setup` that carries `setup`: what the query caches
 * ({@link RawAnswer}) for the setup state that an authorization or a disable call answered with
 * (the same `SetupState` body), so the page shows it at once without asking again.
 */
export function setupAnswer(setup: SetupState): RawAnswer {
  return { status: 200, body: { data: setup }, requestId: null };
}
