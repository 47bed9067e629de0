/**
 * `npx tsx scripts/sandbox-fuzz.ts [depth]`: the "fuzz 5xx count" of issue 26. Sends a body of
 * `depth` nested arrays (default 3281, the 6.5 KB body) to every body route of the route
 * table, and an amount of 1e-9 naira to every route that carries an amount, each as a caller the
 * route admits, in an in-memory sandbox (sandbox/testing/body-route-fuzz.ts), and prints how many
 * answered 5xx. Exits 1 when any did. Figures, not a test: the rule is held by
 * sandbox/core/hostile-bodies.test.ts.
 */
import { runFuzz } from '../sandbox/testing/body-route-fuzz';
import { createTestSandbox } from '../sandbox/testing/test-sandbox';

const depth = Number(process.argv[2] ?? '3281');
const unexpected: string[] = [];
const figures = await runFuzz(
  () => createTestSandbox({ onUnexpectedError: (_error, requestId) => unexpected.push(requestId) }),
  depth,
);
const statuses = (answers: { status: number }[]) =>
  [...new Set(answers.map((answer) => answer.status))].sort().join(', ');
console.log(
  `nested JSON (depth ${depth}): ${figures.nested5xx.length} of ${figures.nestedCalls} body routes answered 5xx (statuses seen: ${statuses(figures.nested)})`,
);
console.log(
  `amount 1e-9 naira: ${figures.tinyAmount5xx.length} of ${figures.tinyAmountCalls} money routes answered 5xx (statuses seen: ${statuses(figures.tinyAmount)})`,
);
for (const answer of [...figures.nested5xx, ...figures.tinyAmount5xx]) {
  console.log(`  5xx: ${answer.route} ${answer.status}`);
}
console.log(`unexpected failures reported: ${unexpected.length}`);
process.exitCode = figures.nested5xx.length + figures.tinyAmount5xx.length > 0 ? 1 : 0;
