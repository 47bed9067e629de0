/**
 * How a page hook wires an action (docs/decisions/0023): `useActionKey` + `useMutation` +
 * `apiRequest` bounded by `hostedWriteTimeoutMs`, and `ActionFailureNotice` when no answer came,
 * against the sandbox's own handler core through MSW (conventions.md, "Tests").
 */
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, expect, onTestFinished, test, vi } from 'vitest';
import { directDebitTokenHeader, type SetupSubmitRequest } from '../../contract/direct-debit';
import { setupRoutes } from '../../contract/routes-setup';
import { createTestSandbox } from '../../sandbox/testing/test-sandbox';
import { ActionFailureNotice } from '../components/action-failure-notice';
import { Button } from '../components/button';
import { unansweredActionOf } from './action-failure';
import { apiRequest, hostedWriteTimeoutMs } from './api-client';
import { useActionKey } from './use-action-key';

const sandbox = createTestSandbox({ publicOrigin: window.location.origin });

/** What reached the sandbox: each authorization's key and whether the answer was a replay. */
let received: { key: string | null; replayed: boolean }[] = [];
/** When set, the sandbox applies the next request but its answer never reaches the page. */
let loseNextAnswer = false;

const server = setupServer(
  http.all('*', async ({ request }) => {
    const key = request.headers.get('idempotency-key');
    const response = await sandbox.handle(request);
    if (request.method === 'POST') {
      received.push({ key, replayed: response.headers.get('idempotent-replayed') === 'true' });
    }
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return HttpResponse.error();
    }
    return response;
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received = [];
  loseNextAnswer = false;
});
afterAll(() => {
  server.close();
  sandbox.close();
});

/** Guaranty Trust Bank's id in the sandbox's bank list, and two of its test accounts. */
const gtbank = '000013';
const rejectedAccount = '0000000056';
const verifiedAccount = '0000000025';

/** An "Authorize" form wired as a page hook would wire it. */
function AuthorizeForm({ token }: { token: string }) {
  const [accountNumber, setAccountNumber] = useState('');
  const actionKey = useActionKey<SetupSubmitRequest>();
  const authorize = useMutation({
    mutationFn: (input: SetupSubmitRequest) =>
      apiRequest(setupRoutes.submitSetup, {
        token: { header: directDebitTokenHeader, value: token },
        body: input,
        timeoutMs: hostedWriteTimeoutMs,
        idempotencyKey: actionKey.keyFor(input),
      }),
    onSettled: (_data, error) => actionKey.settle(error),
  });
  const send = () =>
    authorize.mutate({ bankId: gtbank, bankAccountNumber: accountNumber, consent: true });
  const failure = unansweredActionOf(authorize.error);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label>
        Account number
        <input
          value={accountNumber}
          onChange={(event) => setAccountNumber(event.currentTarget.value)}
        />
      </label>
      <Button type="submit" busy={authorize.isPending} busyLabel="Authorizing…">
        Authorize
      </Button>
      {failure !== null && (
        <ActionFailureNotice failure={failure} busy={authorize.isPending} onRetry={send} />
      )}
      {authorize.data !== undefined && <p>Mandate {authorize.data.data.mandate?.status}</p>}
    </form>
  );
}

async function renderForm() {
  const { token } = await sandbox.createSetupLink();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthorizeForm token={token} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function setOnline(online: boolean) {
  const spy = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  onTestFinished(() => spy.mockRestore());
}

test('an authorization whose answer was lost is retried with its key: applied once', async () => {
  const user = await renderForm();
  await user.type(screen.getByLabelText('Account number'), rejectedAccount);
  loseNextAnswer = true;
  await user.click(screen.getByRole('button', { name: 'Authorize' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('No answer from the service');
  expect(screen.getByLabelText('Account number')).toHaveValue(rejectedAccount);
  await user.click(screen.getByRole('button', { name: 'Try again' }));

  expect(await screen.findByText('Mandate rejected')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  // The sandbox created the mandate for the first request; the retry got that answer again.
  expect(received.map((r) => r.replayed)).toEqual([false, true]);
  expect(received[1]?.key).toBe(received[0]?.key);

  // After an answer, a new authorization (setup stays open after a rejection) is a new operation.
  await user.clear(screen.getByLabelText('Account number'));
  await user.type(screen.getByLabelText('Account number'), verifiedAccount);
  await user.click(screen.getByRole('button', { name: 'Authorize' }));
  expect(await screen.findByText('Mandate verified')).toBeInTheDocument();
  expect(received[2]?.replayed).toBe(false);
  expect(received[2]?.key).not.toBe(received[0]?.key);
});

test('offline, Authorize fails at once, keeps the input, sends nothing; back online it goes through', async () => {
  const user = await renderForm();
  await user.type(screen.getByLabelText('Account number'), verifiedAccount);
  setOnline(false);
  await user.click(screen.getByRole('button', { name: 'Authorize' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(
    'You are offline. Nothing has changed; try again when you are back online.',
  );
  expect(screen.getByLabelText('Account number')).toHaveValue(verifiedAccount);
  expect(screen.getByRole('button', { name: 'Authorize' })).toBeEnabled();
  expect(received).toEqual([]);

  setOnline(true);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Mandate verified')).toBeInTheDocument();
  expect(received).toHaveLength(1);
});
