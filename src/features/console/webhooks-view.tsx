/**
 * Webhooks (service-api.md, "Events", delivery notes: "recent delivery attempts with their HTTP
 * status, a webhook test and replay"): the mode's endpoint and a form to set it, a test webhook,
 * and the 100 newest events as a compact list, filtered by kind and by latest delivery status: each
 * with its payload as delivered, and every delivery and attempt (time, URL, HTTP status or error,
 * duration, the first 200 characters of the endpoint's answer) with a replay, behind disclosures.
 * The log is polled, so attempts appear as the worker makes them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { webhookRoutes } from '../../../contract/routes-webhooks';
import { eventTypes } from '../../../contract/events';
import type { DeliveryAttempt, EventLogEntry } from '../../../contract/webhooks';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { DetailRow } from '../../components/detail-row';
import { formatDateTime } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { ActionForm } from './action-form';
import { ActionResult, FailureAlert } from './action-result';
import { callConsole, consoleKeys, webhookEndpointQuery, webhookEventsQuery } from './api';
import { deliveryFilterOf, deliveryFilters, eventTypeOf, filterEvents } from './event-filters';
import { webhookEndpointFormSchema } from './forms';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { TextField } from './text-field';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.webhooks;

function EndpointSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const endpoint = useQuery(webhookEndpointQuery(session));
  const current = endpoint.data?.data.data.url ?? null;
  const form = useForm<z.input<typeof webhookEndpointFormSchema>, unknown, { url: string | null }>({
    resolver: zodResolver(webhookEndpointFormSchema),
    defaultValues: { url: '' },
  });
  const { reset } = form;
  // The form starts from what the service has, once it is known.
  useEffect(() => reset({ url: current ?? '' }), [current, reset]);
  const save = useMutation({
    mutationFn: (body: { url: string | null }) =>
      callConsole(session, webhookRoutes.setWebhookEndpoint, { body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: consoleKeys.webhookEndpoint(session) }),
  });
  return (
    <Section id="endpoint" title={m.endpointTitle}>
      {endpoint.isError && <FailureAlert error={endpoint.error} />}
      {endpoint.data !== undefined && <p>{m.currentEndpoint(current)}</p>}
      <ActionForm form={form} action={save} submit={[m.save, m.saving]}>
        <TextField name="url" label={m.endpointLabel} type="url" autoComplete="off" />
      </ActionForm>
    </Section>
  );
}

function TestSection({ session }: { session: ConsoleSession }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => callConsole(session, webhookRoutes.sendTestWebhook, { body: {} }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: consoleKeys.webhookEvents(session) }),
  });
  return (
    <Section id="test-webhook" title={m.testTitle} intro={m.testIntro}>
      <Button busy={send.isPending} busyLabel={m.sendingTest} onClick={() => send.mutate()}>
        {m.sendTest}
      </Button>
      <ActionResult answer={send.data} error={send.error} />
    </Section>
  );
}

function AttemptRows({ attempt }: { attempt: DeliveryAttempt }) {
  return (
    <li className="console-attempt">
      <p className="console-attempt__title">{m.attempt(attempt.attemptNumber)}</p>
      <dl className="playback">
        <DetailRow term={m.attemptStatus}>
          {attempt.httpStatus !== null ? m.httpStatus(attempt.httpStatus) : attempt.error}
        </DetailRow>
        <DetailRow term={m.attemptAt}>{formatDateTime(attempt.attemptedAt)}</DetailRow>
        <DetailRow term={m.attemptDuration}>{m.durationMs(attempt.durationMs)}</DetailRow>
        <DetailRow term={m.attemptUrl}>
          <span className="console-break">{attempt.url}</span>
        </DetailRow>
        {attempt.responseExcerpt !== null && (
          <DetailRow term={m.attemptResponse}>
            <code className="console-break">{attempt.responseExcerpt}</code>
          </DetailRow>
        )}
      </dl>
    </li>
  );
}

/** The body exactly as delivered and signed, indented for reading (as sent if it is not JSON). */
function readablePayload(rawBody: string): string {
  try {
    return JSON.stringify(JSON.parse(rawBody), null, 2);
  } catch {
    return rawBody;
  }
}

/**
 * One event, compact: its kind and id, when it was recorded and how its deliveries stand; its
 * payload, and its deliveries with every attempt and the replay, each behind a disclosure.
 */
function EventItem({ session, entry }: { session: ConsoleSession; entry: EventLogEntry }) {
  const queryClient = useQueryClient();
  const replay = useMutation({
    mutationFn: () =>
      callConsole(session, webhookRoutes.replayWebhookEvent, {
        params: { eventId: entry.event.id },
        body: {},
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: consoleKeys.webhookEvents(session) }),
  });
  const headingId = `event-${entry.event.id}`;
  return (
    <li className="console-event">
      <article aria-labelledby={headingId}>
        <h3 id={headingId}>
          {entry.event.type} <code className="console-break">{entry.event.id}</code>
        </h3>
        <p className="console-event__summary">
          {formatDateTime(entry.event.createdAt)}
          {' · '}
          {entry.deliveries.length === 0
            ? m.notSent
            : entry.deliveries.map((delivery, index) => (
                <span key={delivery.id}>
                  {index > 0 && ' · '}
                  <span className="console-delivery">
                    {m.delivery(delivery.trigger, delivery.status)}
                  </span>
                </span>
              ))}
        </p>
        <details className="console-disclosure">
          <summary>{m.payload}</summary>
          <pre className="console-result__body">{readablePayload(entry.rawBody)}</pre>
        </details>
        <details className="console-disclosure">
          <summary>{m.deliveries(entry.deliveries.length)}</summary>
          {entry.deliveries.map((delivery) => (
            <div key={delivery.id} className="console-delivery-group">
              <p className="console-delivery">{m.delivery(delivery.trigger, delivery.status)}</p>
              {delivery.attempts.length === 0 ? (
                <p>{m.noAttempts}</p>
              ) : (
                <ol className="console-attempts">
                  {delivery.attempts.map((attempt) => (
                    <AttemptRows key={attempt.attemptNumber} attempt={attempt} />
                  ))}
                </ol>
              )}
            </div>
          ))}
          <Button
            variant="secondary"
            busy={replay.isPending}
            busyLabel={m.replaying}
            onClick={() => replay.mutate()}
          >
            {m.replay(entry.event.id)}
          </Button>
          <ActionResult answer={replay.data} error={replay.error} />
        </details>
      </article>
    </li>
  );
}

/**
 * The 100 newest events (polled), filtered by kind and by the status of their latest delivery;
 * the filters live in the page's URL (`?type=…&delivery=…`), so back and reload keep them.
 */
function EventsSection({ session }: { session: ConsoleSession }) {
  const events = useQuery(webhookEventsQuery(session));
  const typeId = useId();
  const deliveryId = useId();
  const [search, setSearch] = useSearchParams();
  const type = eventTypeOf(search.get('type'));
  const delivery = deliveryFilterOf(search.get('delivery'));
  const setFilter = (name: 'type' | 'delivery', value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const all = events.data?.data.data;
  const shown = all === undefined ? undefined : filterEvents(all, type, delivery);
  return (
    <Section id="events" title={m.eventsTitle}>
      <div className="console-filters" role="group" aria-label={m.filtersLabel}>
        <Field id={typeId} label={m.filterType}>
          {(control) => (
            <select
              className="input"
              {...control}
              value={type ?? ''}
              onChange={(event) => setFilter('type', event.currentTarget.value)}
            >
              <option value="">{m.allTypes}</option>
              {eventTypes.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={deliveryId} label={m.filterDelivery}>
          {(control) => (
            <select
              className="input"
              {...control}
              value={delivery ?? ''}
              onChange={(event) => setFilter('delivery', event.currentTarget.value)}
            >
              <option value="">{m.anyDelivery}</option>
              {deliveryFilters.map((filter) => (
                <option key={filter} value={filter}>
                  {m.deliveryFilter[filter]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {events.isPending && <p role="status">{consoleEn.loading}</p>}
      {events.isError && <FailureAlert error={events.error} />}
      {all?.length === 0 && <p>{m.noEvents}</p>}
      {all !== undefined && shown !== undefined && all.length > 0 && (
        <>
          <p role="status">{m.shown(shown.length, all.length)}</p>
          {shown.length > 0 && (
            <ul className="console-events">
              {shown.map((entry) => (
                <EventItem key={entry.event.id} session={session} entry={entry} />
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}

export function WebhooksView({ session }: { session: ConsoleSession }) {
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <EndpointSection session={session} />
      <TestSection session={session} />
      <EventsSection session={session} />
    </>
  );
}
