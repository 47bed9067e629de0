/**
 * Which Chromium the end-to-end tests launch, and how (README, "Tests and the browser").
 *
 * Order: Playwright's own Chromium when it is installed; else the path in `CHROMIUM_PATH`; else
 * Debian's `/usr/bin/chromium`. Fails with a clear message when none exists, rather than letting
 * Playwright try to download one (this machine has no internet beyond package registries).
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for a headless Chromium run as root on a machine with a closed network. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (`apt-get install -y chromium`). */
export const debianChromium = '/usr/bin/chromium';

/**
 * The executable to launch: `undefined` means Playwright's own browser.
 * @throws Error naming the three places looked at, when no browser is found.
 */
export function resolveChromiumExecutable(
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // Playwright throws when its browsers were never downloaded: fall through.
  }
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
  }
  if (existsSync(debianChromium)) return debianChromium;
  throw new Error(
    'No Chromium for the end-to-end tests: Playwright has no browser installed, CHROMIUM_PATH is ' +
      `not set and ${debianChromium} does not exist. Install one with "apt-get install -y chromium" ` +
      'or point CHROMIUM_PATH at a Chromium executable.',
  );
}
