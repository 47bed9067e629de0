/**
 * What an action of the console answered: on success its request id and the response body; on a
 * refusal the service's own message, code and request id (service-api.md, "Errors"), urgent so a
 * screen reader says it at once. Nothing before the first answer.
 */
import type { ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { consoleEn } from '../../messages/console-en';
import { describeFailure, type ConsoleAnswer } from './api';

const m = consoleEn.result;

/**
 * The service's refusal of a call. `urgent` (an action the user just took) makes a screen reader
 * say it at once; a read that fails on its own (a list the key's scopes do not open) is not urgent,
 * so it never talks over the answer to the user's action.
 */
export function FailureAlert({ error, urgent = true }: { error: unknown; urgent?: boolean }) {
  const failure = describeFailure(error);
  return (
    <Alert tone="error" urgent={urgent} title={m.refused}>
      <p className="console-result__message">{failure.message}</p>
      {failure.code !== null && (
        <p>
          {m.code}: <code>{failure.code}</code>
        </p>
      )}
      {failure.requestId !== null && (
        <p>
          {m.requestId}: <code className="console-result__request-id">{failure.requestId}</code>
        </p>
      )}
    </Alert>
  );
}

export interface ActionResultProps {
  /** The last answer, when the action succeeded. */
  answer: ConsoleAnswer<unknown> | undefined;
  /** The last failure, or null. */
  error: unknown;
  /** Shown with a success: links to what was made (a hosted page, a detail view). */
  children?: ReactNode;
}

export function ActionResult({ answer, error, children }: ActionResultProps) {
  if (error !== null && error !== undefined) return <FailureAlert error={error} />;
  if (answer === undefined) return null;
  return (
    <Alert tone="success" title={m.done}>
      <p>
        {m.requestId}: <code className="console-result__request-id">{answer.requestId ?? '—'}</code>
      </p>
      {children}
      <p className="console-result__label">{m.response}</p>
      <pre className="console-result__body">{JSON.stringify(answer.data, null, 2)}</pre>
    </Alert>
  );
}
