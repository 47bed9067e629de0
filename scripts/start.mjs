// `npm start`: build the SPA when it is missing or older than its sources, start the sandbox on
// 127.0.0.1 (PORT, default 4010; 0 picks a free port), then print the demo merchant's test keys
// and a ready-to-open direct-debit setup link (not with `--no-demo` or SANDBOX_DEMO=0). Ctrl-C,
// SIGTERM, SIGHUP or this script's parent dying stops the sandbox.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '4010';

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

// `npm start -- --no-demo` or SANDBOX_DEMO=0: no demo subscription (nothing that would send events
// to a webhook endpoint); `--quiet` or SANDBOX_QUIET=1: no line per request.
const args = process.argv.slice(2);
for (const arg of args) {
  if (arg !== '--no-demo' && arg !== '--quiet') {
    console.error(`Unknown option ${arg} (npm start -- [--no-demo] [--quiet])`);
    process.exit(2);
  }
}
const demo = !args.includes('--no-demo') && !/^(0|false|no)$/i.test(process.env.SANDBOX_DEMO ?? '');

const sandbox = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    join(root, 'sandbox/cli.ts'),
    'serve',
    ...(demo ? ['--demo'] : ['--no-demo']),
    ...(args.includes('--quiet') ? ['--quiet'] : []),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  },
);
// The server stops on these signals and when its parent (this script) is gone (sandbox/main.ts).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => sandbox.kill(signal));
sandbox.on('exit', (code) => process.exit(code ?? 0));
// npm killed outright (kill -9) sends this script no signal: it notices being re-parented, stops
// the server and exits, so nothing keeps holding the port.
const parent = process.ppid;
if (parent > 1) {
  setInterval(() => {
    if (process.ppid !== parent) sandbox.kill('SIGTERM');
  }, 500).unref();
}
