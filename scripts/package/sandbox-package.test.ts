/**
 * The installable sandbox (scripts/pack-sandbox.ts; issue 28, points 1-3): `npm run sandbox:pack`'s
 * tarball installed into an empty folder, then started and used under each Node.js line a merchant
 * may run (20.19, 22, 24; the registry's `node` packages bring the binaries, kept in the npm cache
 * after the first run). Needs the npm registry (or a warm npm cache) and nothing else. Its own
 * Vitest project (`npm run test:package`): slow, and `npm run test:unit` runs it too.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const execFileAsync = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The lowest supported release of each line, then the newest of the two later LTS lines. */
const nodeVersions = ['20.19.0', '22.23.3', '24.21.0'] as const;

const work = mkdtempSync(join(tmpdir(), 'sandbox-package-'));
const app = join(work, 'app');
const servers: ChildProcess[] = [];
let tarball = '';
const nodeBinaries = new Map<string, string>();

/** Runs `command` to completion; returns its stdout. @throws Error with its stderr on failure. */
function run(command: string, args: readonly string[], cwd: string, env = process.env): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** npm, quiet, from the cache when it can (the node binaries are fetched once per machine). */
function npm(args: readonly string[], cwd: string): string {
  return run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], cwd);
}

beforeAll(() => {
  const started = performance.now();
  const packed = run(process.execPath, ['--import', 'tsx', 'scripts/pack-sandbox.ts'], repoRoot);
  tarball = packed.trim().split('\n').at(-1) ?? '';
  expect(existsSync(tarball)).toBe(true);
  const afterPack = performance.now();
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "name": "merchant-app", "private": true }\n');
  npm(['install', tarball], app);
  const afterInstall = performance.now();
  for (const version of nodeVersions) {
    // Kept between runs (node_modules/.cache), on top of the npm cache's tarballs.
    const folder = join(repoRoot, 'node_modules', '.cache', 'sandbox-package-node', version);
    const binary = join(folder, 'node_modules', '.bin', 'node');
    if (!existsSync(binary)) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
      npm(['install', '--no-save', `node@${version}`], folder);
    }
    nodeBinaries.set(version, binary);
  }
  console.log(
    `pack ${((afterPack - started) / 1000).toFixed(1)} s, install ${((afterInstall - afterPack) / 1000).toFixed(1)} s, ` +
      `node binaries ${((performance.now() - afterInstall) / 1000).toFixed(1)} s`,
  );
}, 600_000);

afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

test('the tarball holds compiled JavaScript, the built pages and one production dependency', () => {
  const installed = join(app, 'node_modules', 'payments-sandbox');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
    dependencies: Record<string, string>;
    exports: Record<string, unknown>;
  };
  expect(manifest.bin).toEqual({ 'payments-sandbox': 'bin/payments-sandbox.js' });
  expect(Object.keys(manifest.dependencies)).toEqual(['libsql']);
  expect(Object.keys(manifest.exports)).toContain('./events');
  expect(existsSync(join(installed, 'dist', 'index.html'))).toBe(true);
  expect(existsSync(join(installed, 'dist', 'console.html'))).toBe(true);
  // Nothing to compile at run time, and no tsx in the merchant's node_modules.
  expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
  expect(existsSync(join(app, 'node_modules', 'typescript'))).toBe(false);
});

/** Starts `payments-sandbox serve` under `node`; resolves with its URL once it listens. */
async function serve(
  node: string,
  env: Record<string, string>,
): Promise<{ url: string; server: ChildProcess; output: string[] }> {
  const bin = join(app, 'node_modules', 'payments-sandbox', 'bin', 'payments-sandbox.js');
  const server = spawn(node, [bin, 'serve'], {
    cwd: app,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    server.once('exit', (code) =>
      reject(new Error(`serve exited (${code}): ${output.join('\n')}`)),
    );
    server.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    createInterface({ input: server.stdout }).on('line', (line) => {
      output.push(line);
      const match = /^Sandbox listening on (http:\/\/\S+)$/.exec(line);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
  });
  return { url, server, output };
}

/**
 * Runs one CLI command of the installed package under `node`; resolves with its stdout. Not
 * blocking: the test's own connections to the server keep being served meanwhile.
 */
async function cli(node: string, args: readonly string[], env: Record<string, string>) {
  const bin = join(app, 'node_modules', '.bin', 'payments-sandbox');
  const { stdout } = await execFileAsync(node, [bin, ...args], {
    cwd: app,
    env: { ...process.env, ...env },
  });
  return stdout;
}

describe.each(nodeVersions)('installed, under Node %s', (version) => {
  test('serves the API and the pages, answers CLI commands while it runs, and stops on SIGTERM', async () => {
    const node = nodeBinaries.get(version) ?? '';
    expect(run(node, ['--version'], work).trim()).toBe(`v${version}`);
    const dataDir = join(work, `data-${version}`);
    const testKey = `osk_test_${'Ci'.repeat(12)}${version.replaceAll('.', '')}`;
    const env = {
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_TEST_SECRET_KEY: testKey,
      SANDBOX_WEBHOOK_SECRET: 'whsec_pinnedForCiPinnedForCi',
    };
    const { url, server, output } = await serve(node, env);
    try {
      await useInstalledSandbox(node, env, url, server, output);
    } catch (error) {
      // What the server printed says why (a 500 names its request id there).
      throw new Error(`${String(error)}\nserver output:\n${output.join('\n')}`);
    }
  }, 120_000);
});

/** The checks of one Node line on a started sandbox, then its stop on SIGTERM. */
async function useInstalledSandbox(
  node: string,
  env: Record<string, string>,
  url: string,
  server: ChildProcess,
  output: string[],
): Promise<void> {
  const testKey = env.SANDBOX_TEST_SECRET_KEY ?? '';
  {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toBe('http://127.0.0.1:0');

    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });
    const page = await fetch(`${url}/direct-debit/setup`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"');
    expect((await fetch(`${url}/console`)).status).toBe(200);
    // The pinned key works at once; credentials.json and the lock carry the chosen port.
    const balance = await fetch(`${url}/api/v1/balance`, {
      headers: { authorization: `Bearer ${testKey}` },
    });
    expect(balance.status).toBe(200);
    const credentials = JSON.parse(await cli(node, ['credentials'], env)) as Record<string, string>;
    expect(credentials).toMatchObject({
      baseUrl: url,
      testSecretKey: testKey,
      webhookSecret: 'whsec_pinnedForCiPinnedForCi',
    });

    // Commands that used to refuse while the sandbox runs.
    const key = JSON.parse(
      await cli(node, ['create-key', '--scopes', 'subscriptions:read'], env),
    ) as {
      secretKey: string;
    };
    const read = await fetch(`${url}/api/v1/subscriptions`, {
      headers: { authorization: `Bearer ${key.secretKey}` },
    });
    expect(read.status).toBe(200);
    expect(JSON.parse(await cli(node, ['enable-direct-debit'], env))).toEqual({
      data: { enabled: true, mode: 'test' },
    });
    expect(JSON.parse(await cli(node, ['clock'], env))).toMatchObject({
      data: { offsetSeconds: 0 },
    });
    // One line per request in the server's terminal, with its request id.
    await expect
      .poll(() => output.join('\n'))
      .toMatch(/PUT \/sandbox\/v1\/direct-debit\/config 200 req_\w+ \d+ ms/);

    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }
}
