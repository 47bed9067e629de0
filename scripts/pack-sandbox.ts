/**
 * `npm run sandbox:pack`: the sandbox as an npm package a merchant installs in their own
 * repository and CI (issue 28, point 1; docs/decisions/0034-sandbox-package-and-ci.md). Prints the
 * tarball's absolute path as its last line (everything else goes to stderr).
 *
 * 1. The two page builds (`vite build`, then the console's), as `npm run build` does, into the
 *    package's folder (the repository's `dist/` is left alone).
 * 2. sandbox/cli.ts and everything it imports (contract/, hono, zod, …) bundled by esbuild into one
 *    ES module, `bin/payments-sandbox.js`, for Node 20.19+: no TypeScript and no `tsx` at run time.
 *    Only `libsql` stays outside (a native module with one optional package per platform), so it
 *    is the package's one dependency.
 * 3. `package.json` generated (the repository's own stays private): one bin,
 *    `payments-sandbox`, and an `exports` map whose `./events` gives the webhook event payloads'
 *    types (`merchant-kit/webhook-events.generated.d.ts`, one self-contained declaration file that
 *    a NodeNext backend imports; docs/decisions/0035) and, at run time, the event kinds and the
 *    delivery headers.
 * 4. `npm pack` of that folder into `dist-sandbox/`.
 *
 * Options: `--skip-build` copies the repository's `dist/` instead of building (it must be built).
 * @throws (exits non-zero) when a build or the pack fails.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { eventTypes, webhookHeaders } from '../contract/events';
import { repoRoot } from '../sandbox/defaults';

/** Name of the package and of its one command. */
export const packageName = 'payments-sandbox';

const outDir = join(repoRoot, 'dist-sandbox');
const stage = join(outDir, 'package');

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const result = spawnSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    log(result.stdout);
    throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal})`);
  }
  return result.stdout;
}

/**
 * `./events`: the typed payloads (the generated declaration file) plus the event kinds and the
 * delivery headers as values.
 */
function eventsModule(): { js: string; dts: string } {
  const kinds = JSON.stringify(eventTypes, null, 2);
  const headers = JSON.stringify(webhookHeaders, null, 2);
  const payloads = readFileSync(
    join(repoRoot, 'merchant-kit', 'webhook-events.generated.d.ts'),
    'utf8',
  );
  return {
    js: `// Webhook event kinds and delivery headers (service-api.md, "Events").\nexport const eventTypes = Object.freeze(${kinds});\nexport const webhookHeaders = Object.freeze(${headers});\n`,
    dts:
      `${payloads}\n` +
      `/** The kinds of webhook event, as values (service-api.md, "Events"). */\n` +
      `export declare const eventTypes: readonly EventType[];\n` +
      `/** Headers of every delivery; servers usually see them lowercased. */\n` +
      `export declare const webhookHeaders: {\n${Object.entries(webhookHeaders)
        .map(([name, value]) => `  readonly ${name}: ${JSON.stringify(value)};`)
        .join('\n')}\n};\n`,
  };
}

const packageReadme = `# payments-sandbox

A local, persistent sandbox of the payments service's API, with its hosted pages and console, for
your own repository and CI.

\`\`\`sh
npm install --save-dev ./payments-sandbox-<version>.tgz
npx payments-sandbox serve            # http://127.0.0.1:4010, data in ./.sandbox
npx payments-sandbox credentials      # the test keys and webhook secret (JSON)
npx payments-sandbox help             # every command
\`\`\`

In CI: \`PORT=0\` picks a free port (printed, and written to \`.sandbox/credentials.json\` and
\`.sandbox/sandbox.lock\`); \`SANDBOX_TEST_SECRET_KEY\`, \`SANDBOX_WEBHOOK_SECRET\` and
\`SANDBOX_WEBHOOK_URL\` pin the keys and the webhook endpoint; nothing but the demo merchant is
created unless you ask (\`serve --demo\`). The server stops on SIGINT, SIGTERM, SIGHUP and when its
parent process exits. Node.js 20.19 or later.
`;

async function main(): Promise<void> {
  const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    version: string;
    engines: { node: string };
    dependencies: Record<string, string>;
  };
  const libsqlVersion = rootPackage.dependencies.libsql;
  if (libsqlVersion === undefined) throw new Error('libsql is not a dependency any more');

  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(stage, 'events'), { recursive: true });
  const pagesDir = join(stage, 'dist');
  if (process.argv.includes('--skip-build')) {
    if (!existsSync(join(repoRoot, 'dist', 'console.html'))) {
      throw new Error('dist/ is not built (npm run build): run without --skip-build');
    }
    cpSync(join(repoRoot, 'dist'), pagesDir, { recursive: true });
  } else {
    // Into the package's own folder: the repository's dist/ (which tests may be serving) stays.
    for (const config of ['vite.config.ts', 'vite.console.config.ts']) {
      log(`Building the pages (${config})…`);
      run(
        process.execPath,
        [
          join(repoRoot, 'node_modules/vite/bin/vite.js'),
          'build',
          '--config',
          config,
          '--outDir',
          pagesDir,
          '--logLevel',
          'warn',
        ],
        repoRoot,
        // The pages as shipped, even when a test runs this (Vitest sets NODE_ENV=test, which
        // Vite would build with: other code, whose inline hashes the build would write).
        { ...process.env, NODE_ENV: 'production' },
      );
    }
  }
  log('Bundling sandbox/cli.ts…');
  await build({
    entryPoints: [join(repoRoot, 'sandbox/cli.ts')],
    outfile: join(stage, 'bin', `${packageName}.js`),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: ['libsql'],
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'eof',
    logLevel: 'warning',
    banner: {
      js: [
        '#!/usr/bin/env node',
        // CommonJS code inside the bundle may call require().
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
        // The merchant's folder holds the data; the CLI's messages name this command.
        `process.env.SANDBOX_CLI_NAME ??= ${JSON.stringify(packageName)};`,
        "if (!process.env.SANDBOX_DATA_DIR) process.env.SANDBOX_DATA_DIR = process.cwd() + '/.sandbox';",
      ].join('\n'),
    },
  });
  const events = eventsModule();
  writeFileSync(join(stage, 'events', 'index.js'), events.js);
  writeFileSync(join(stage, 'events', 'index.d.ts'), events.dts);
  writeFileSync(join(stage, 'README.md'), packageReadme);
  const manifest = {
    name: packageName,
    version: rootPackage.version,
    description: 'A local, persistent sandbox of the payments service API, with its hosted pages',
    type: 'module',
    bin: { [packageName]: `bin/${packageName}.js` },
    exports: {
      './events': { types: './events/index.d.ts', default: './events/index.js' },
      './package.json': './package.json',
    },
    files: ['bin', 'dist', 'events', 'README.md'],
    engines: { node: rootPackage.engines.node },
    dependencies: { libsql: libsqlVersion },
  };
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  log('Packing…');
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', outDir], stage),
  ) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  const tarball = packed[0];
  if (tarball === undefined) throw new Error('npm pack wrote no tarball');
  log(
    `${tarball.entryCount} files, ${(tarball.size / 1024).toFixed(0)} KB packed, ` +
      `${(tarball.unpackedSize / 1024).toFixed(0)} KB unpacked`,
  );
  console.log(join(outDir, tarball.filename));
}

try {
  await main();
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
