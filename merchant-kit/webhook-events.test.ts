import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { generatedEventTypesPath, generateEventTypes } from '../scripts/openapi-types';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
  'bin/tsc',
);

/**
 * A merchant's NodeNext backend (ESM, `module: NodeNext`) with the package installed as
 * `payments-sandbox`, exporting the generated declaration file as `./events`, and `files` (name →
 * TypeScript) as its code; runs tsc on it.
 */
function typeCheckMerchantProject(files: Record<string, string>): {
  status: number | null;
  output: string;
} {
  const root = mkdtempSync(join(tmpdir(), 'webhook-events-'));
  folders.push(root);
  const installed = join(root, 'node_modules', 'payments-sandbox');
  mkdirSync(installed, { recursive: true });
  copyFileSync(generatedEventTypesPath, join(installed, 'webhook-events.generated.d.ts'));
  writeFileSync(
    join(installed, 'package.json'),
    JSON.stringify({
      name: 'payments-sandbox',
      type: 'module',
      exports: { './events': { types: './webhook-events.generated.d.ts' } },
    }),
  );
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        lib: ['ES2022'],
        types: [],
      },
      include: Object.keys(files),
    }),
  );
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const run = spawnSync(process.execPath, [tsc, '-p', root, '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test('the committed webhook event types are what the OpenAPI document generates today', async () => {
  expect(readFileSync(generatedEventTypesPath, 'utf8')).toBe(await generateEventTypes());
});

test('a NodeNext backend imports the typed payloads from the package and narrows them by kind', () => {
  const checked = typeCheckMerchantProject({
    'handler.ts': `
import type { EventData, EventType, WebhookEvent } from 'payments-sandbox/events';

export function fulfil(event: WebhookEvent): string {
  if ('sample' in event) return 'acknowledged a test event';
  switch (event.type) {
    case 'payment.success':
      return \`paid \${event.data.amount.toFixed(2)} naira for \${event.data.id}\`;
    case 'subscription.payment.success':
      return \`invoice \${event.data.id} paid\`;
    case 'virtual_account.credit':
      return \`credit \${event.data.transfer.amount} to \${event.data.accountNumber}\`;
    default:
      return event.type;
  }
}

export const kinds: EventType[] = ['payment.success', 'subscription.payment.failed'];
export const debitReason = (data: EventData<'subscription.payment.failed'>) => data.debit.reason;
`,
    // What a payload does not carry is refused.
    'wrong.ts': `
import type { EventData, WebhookEvent } from 'payments-sandbox/events';
export const wrong = (data: EventData<'payment.success'>) => data.planId;
export const unknownKind = (event: WebhookEvent) => event.type === 'payment.refunded';
`,
  });
  const errors = checked.output.split('\n').filter((line) => line.includes('error TS'));
  expect(errors.filter((line) => !line.startsWith('wrong.ts'))).toEqual([]);
  expect(errors).toHaveLength(2);
  expect(errors[0]).toContain("Property 'planId' does not exist");
  expect(errors[1]).toContain('"payment.refunded"');
}, 60_000);
