// `npm start`: build the SPA when it is missing or older than its sources, start the sandbox on
// 127.0.0.1 (PORT, default 4010), then print the demo merchant's test keys and a ready-to-open
// direct-debit setup link. Ctrl-C stops the sandbox.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '4010';
const baseUrl = `http://127.0.0.1:${port}`;

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function spaIsStale() {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built) || !existsSync(join(root, 'dist', 'console.html'))) return true;
  const sources = [
    'src',
    'contract',
    'index.html',
    'console.html',
    'vite.config.ts',
    'vite.console.config.ts',
    'scripts/page-documents.ts',
    'package-lock.json',
  ];
  return sources.some((source) => newestMtime(join(root, source)) > statSync(built).mtimeMs);
}

if (spaIsStale()) {
  console.log('Building the pages (npm run build: the hosted pages, then the console)…');
  // The same two builds as `npm run build`, in its order: the first empties dist/.
  for (const config of ['vite.config.ts', 'vite.console.config.ts']) {
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', config],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const sandbox = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'sandbox/cli.ts'), 'serve'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => sandbox.kill(signal));
sandbox.on('exit', (code) => process.exit(code ?? 0));

async function waitUntilUp() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The sandbox did not answer on ${baseUrl} within 20 s.`);
}

await waitUntilUp();
const demo = spawnSync(
  process.execPath,
  ['--import', 'tsx', join(root, 'sandbox/cli.ts'), 'demo-link', '--base-url', baseUrl],
  { cwd: root, stdio: 'inherit', env: process.env },
);
if (demo.status !== 0) console.error('Could not create the demo setup link (see above).');
