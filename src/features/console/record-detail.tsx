/**
 * The detail page of one record read by id (contract/routes-reads.ts and the resources' own
 * reads): its top-level fields as a list of terms, then the whole answer as JSON, so nothing the
 * API says is hidden. `children` add what a kind of record links to (a subscription's invoices).
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import type { RouteDef } from '../../../contract/route';
import { consoleEn } from '../../messages/console-en';
import { FailureAlert } from './action-result';
import { recordQuery } from './api';
import { consolePaths, type NavSection } from './paths';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.lists;

/** A field's value as text: scalars as they are; objects and arrays are left to the JSON. */
function scalarText(value: unknown): string | null {
  if (value === null) return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return null;
}

export interface RecordDetailProps<T extends { id: string }> {
  session: ConsoleSession;
  /** The kind of record, as the heading names it ("Payout"). */
  kind: string;
  /** A read route with one path parameter, answering `{ data: T }`. */
  route: RouteDef & { response: z.ZodType<{ data: T }> };
  /** The name of that path parameter (`payoutId`). */
  param: string;
  /** The section this record belongs to, linked above the heading. */
  back: NavSection;
  /** What the record links to, below its fields (a subscription's invoices). */
  children?: (record: T, session: ConsoleSession) => ReactNode;
}

export function RecordDetail<T extends { id: string }>({
  session,
  kind,
  route,
  param,
  back,
  children,
}: RecordDetailProps<T>) {
  const id = useParams()[param] ?? '';
  const read = useQuery(recordQuery(session, route, { [param]: id }));
  const answer = read.data?.data;
  const record: T | undefined = answer?.data;
  return (
    <>
      <DocumentTitle>{consoleEn.payment.documentTitle(id)}</DocumentTitle>
      <p>
        <Link to={consolePaths[back]}>{consoleEn.nav[back]}</Link>
      </p>
      <h1>
        {kind} <code>{id}</code>
      </h1>
      {read.isPending && <p>{consoleEn.loading}</p>}
      {read.isError && <FailureAlert error={read.error} urgent={false} />}
      {record !== undefined && (
        <>
          <dl className="console-fields">
            {Object.entries(record).flatMap(([field, value]) => {
              const text = scalarText(value);
              return text === null
                ? []
                : [
                    <div key={field}>
                      <dt>{field}</dt>
                      <dd>{text}</dd>
                    </div>,
                  ];
            })}
          </dl>
          {children?.(record, session)}
          <Section id="record-json" title={m.response}>
            <p>
              {consoleEn.result.requestId}:{' '}
              <code className="console-result__request-id">{read.data?.requestId ?? '—'}</code>
            </p>
            <pre className="console-result__body">{JSON.stringify(answer, null, 2)}</pre>
          </Section>
        </>
      )}
    </>
  );
}
