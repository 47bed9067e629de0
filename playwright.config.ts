/**
 * End-to-end tests: the built SPA served by a real sandbox process on 127.0.0.1, in Chromium.
 * `npm run test:e2e` builds first; Playwright starts the sandbox with a fresh data directory and
 * stops it when the run ends.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, resolveChromiumExecutable } from './e2e/browser';

// E2E_PORT and E2E_DIST_DIR let several runs share a machine (each its own sandbox and build).
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = fileURLToPath(new URL(`./test-results/e2e-sandbox-${port}`, import.meta.url));
const distDir = fileURLToPath(new URL(process.env.E2E_DIST_DIR ?? './dist', import.meta.url));
const e2eBaseUrl = `http://127.0.0.1:${port}`;

// Read by the specs (e2e/merchant-api.ts) to find the sandbox's credentials and the build.
process.env.E2E_SANDBOX_DATA_DIR = dataDir;
process.env.E2E_DIST_DIR = distDir;

const executablePath = resolveChromiumExecutable();

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: 'list',
  outputDir: `./test-results/e2e-artifacts-${port}`,
  use: {
    baseURL: e2eBaseUrl,
    browserName: 'chromium',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'mobile-chromium', use: { viewport: { width: 360, height: 740 }, isMobile: false } },
  ],
  webServer: {
    command: `node --import tsx e2e/serve-sandbox.ts`,
    url: `${e2eBaseUrl}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DATA_DIR: dataDir,
      SANDBOX_DIST_DIR: distDir,
      SANDBOX_APPROVAL_DELAY_MS: '1500',
    },
  },
});
