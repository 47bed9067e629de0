/**
 * Subscriber figures (`GET /api/v1/subscriptions/metrics`; contract/subscription-metrics.ts): active
 * subscribers, MRR and ARR in naira, polled every 2 s, with a chart of the readings this tab took
 * (figures.ts) and the same readings as a table for those who do not read charts. The chart is
 * inline SVG drawn from data (no script, no inline style: the CSP holds), named by its label.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SubscriptionMetrics } from '../../../contract/subscription-metrics';
import { readRoutes } from '../../../contract/routes-reads';
import { formatDateTime, formatNaira } from '../../lib/format';
import { consoleEn } from '../../messages/console-en';
import { FailureAlert } from './action-result';
import { consoleRefetchMs, recordQuery } from './api';
import { addReading, chartPoints } from './figures';
import { Section } from './section';
import type { ConsoleSession } from './session';
import { DocumentTitle } from '../../components/document-title';

const m = consoleEn.figures;
const chartWidth = 300;
const chartHeight = 80;

function Chart({
  label,
  readings,
  value,
  format,
}: {
  label: string;
  readings: SubscriptionMetrics[];
  value: (reading: SubscriptionMetrics) => number;
  format: (n: number) => string;
}) {
  const first = readings[0];
  const last = readings[readings.length - 1];
  if (first === undefined || last === undefined) return null;
  return (
    <figure className="console-chart">
      <svg
        role="img"
        aria-label={m.chartLabel(label, format(value(first)), format(value(last)), readings.length)}
        viewBox={`-2 -2 ${chartWidth + 4} ${chartHeight + 4}`}
        preserveAspectRatio="none"
      >
        <polyline
          className="console-chart__line"
          fill="none"
          points={chartPoints(readings.map(value), chartWidth, chartHeight)}
        />
      </svg>
      <figcaption>
        {label}: {format(value(last))}
      </figcaption>
    </figure>
  );
}

const count = (n: number) => String(n);

export function FiguresView({ session }: { session: ConsoleSession }) {
  const figures = useQuery({
    ...recordQuery(session, readRoutes.getSubscriptionMetrics, {}),
    refetchInterval: consoleRefetchMs,
  });
  const latest = figures.data?.data.data;
  const [readings, setReadings] = useState<SubscriptionMetrics[]>([]);
  // A new answer is a new reading: kept while rendering (React's "adjust state on a prop
  // change"), so the chart and the table never lag one render behind the figures.
  if (latest !== undefined && latest.asOf !== readings[readings.length - 1]?.asOf)
    setReadings(addReading(readings, latest));
  return (
    <>
      <DocumentTitle>{m.documentTitle}</DocumentTitle>
      <h1>{m.title}</h1>
      <p>{m.intro}</p>
      {figures.isError && <FailureAlert error={figures.error} urgent={false} />}
      {latest !== undefined && (
        <>
          <dl className="console-fields console-figures">
            <div>
              <dt>{m.activeSubscribers}</dt>
              <dd>{latest.activeSubscribers}</dd>
            </div>
            <div>
              <dt>{m.mrr}</dt>
              <dd>{formatNaira(latest.mrr)}</dd>
            </div>
            <div>
              <dt>{m.arr}</dt>
              <dd>{formatNaira(latest.arr)}</dd>
            </div>
          </dl>
          <p>{m.asOf(formatDateTime(latest.asOf))}</p>
        </>
      )}
      <Section id="figures-chart" title={m.chartTitle}>
        <Chart
          label={m.activeSubscribers}
          readings={readings}
          value={(r) => r.activeSubscribers}
          format={count}
        />
        <Chart label={m.mrr} readings={readings} value={(r) => r.mrr} format={formatNaira} />
      </Section>
      <Section id="figures-table" title={m.tableTitle}>
        <div
          className="console-table"
          role="region"
          aria-label={consoleEn.lists.tableLabel(m.tableTitle)}
          tabIndex={0}
        >
          <table>
            <thead>
              <tr>
                <th scope="col">{m.when}</th>
                <th scope="col">{m.activeSubscribers}</th>
                <th scope="col">{m.mrr}</th>
                <th scope="col">{m.arr}</th>
              </tr>
            </thead>
            <tbody>
              {[...readings].reverse().map((reading) => (
                <tr key={reading.asOf}>
                  <th scope="row">{formatDateTime(reading.asOf)}</th>
                  <td>{reading.activeSubscribers}</td>
                  <td>{formatNaira(reading.mrr)}</td>
                  <td>{formatNaira(reading.arr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </>
  );
}
