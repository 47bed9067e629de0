/**
 * The stock browsers of the Gecko and WebKit journeys (README, "Tests and the browser";
 * docs/decisions/0036-gecko-and-webkit-journeys.md), started and stopped by the test itself:
 *
 * - Gecko: Debian's `firefox-esr`, headless, driven by puppeteer-core over WebDriver BiDi (no
 *   geckodriver: Debian has none, and nothing may be downloaded). One browser per run, one
 *   browser context (own cookies and storage) per journey.
 * - WebKit: WebKitGTK's MiniBrowser (`--automation --full-screen`), through `WebKitWebDriver`
 *   (Debian's `webkit2gtk-driver`) and selenium-webdriver, on an Xvfb display of 360 × 740 px
 *   (Debian's `xvfb`). One Xvfb and one driver per run, one WebDriver session (a new MiniBrowser)
 *   per journey.
 *
 * Every process started here is stopped by `close()`, also when a journey failed, and killed
 * when the test process exits with one still running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { EnginePage, type EngineName } from './engine-page';
import type { ElementQuery } from './page-query';

/** The phone-sized window of every journey, in CSS px. */
export const phoneWindow = { width: 360, height: 740 } as const;

/** How long a browser or driver may take to start, in ms (a busy 2-core machine). */
const startTimeoutMs = 90_000;

/** A running browser: a new tab (isolated from the others) per journey; `close()` stops it all. */
export interface Engine {
  readonly name: EngineName;
  /** The browser's product and version, e.g. `firefox/153.8.0`. */
  readonly version: string;
  newPage(): Promise<EnginePage<unknown>>;
  close(): Promise<void>;
}

/** Process groups still running, killed when the test process exits (a failed `close()`). */
const liveGroups = new Set<number>();
process.on('exit', () => {
  for (const pid of liveGroups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

/**
 * Stops a process started with `detached: true` and everything it started (its process group):
 * SIGTERM, then SIGKILL if it is still running after `graceMs`.
 */
async function stopGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  liveGroups.delete(pid);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // The group is gone.
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signal('SIGTERM');
    const escalation = setTimeout(() => signal('SIGKILL'), graceMs);
    await exited;
    clearTimeout(escalation);
  }
  // Whatever of the group outlived its leader (a browser's content, web or network processes).
  signal('SIGKILL');
}

/** Starts `command` in a process group of its own, remembered for {@link stopGroup}. */
function spawnGroup(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; extraPipe?: boolean } = {},
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, {
    detached: true,
    env: options.env ?? process.env,
    stdio: options.extraPipe ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) liveGroups.add(child.pid);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** The first of `candidates` that exists, or an error saying what to install. */
function findExecutable(what: string, candidates: (string | undefined)[], install: string): string {
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  throw new Error(
    `No ${what} for the Gecko and WebKit journeys: looked at ${candidates.filter(Boolean).join(', ')}. ` +
      `Install it with "${install}" (.ci/run does).`,
  );
}

/** A TCP port free on 127.0.0.1 now (the OS's choice). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

// ---------------------------------------------------------------------------------------------
// Gecko: firefox-esr over WebDriver BiDi.

/** A Firefox tab in a browser context of its own. Sees every request through BiDi's network events. */
class FirefoxPage extends EnginePage<ElementHandle> {
  readonly engine = 'firefox' as const;
  private readonly requests: string[] = [];

  constructor(private readonly page: Page) {
    super();
    page.on('request', (request) => this.requests.push(request.url()));
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: 'load', timeout: startTimeoutMs });
  }

  url(): Promise<string> {
    return Promise.resolve(this.page.url());
  }

  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate(expression) as Promise<T>;
  }

  requestedUrls(): Promise<string[]> {
    return Promise.resolve([...this.requests]);
  }

  async close(): Promise<void> {
    const context = this.page.browserContext();
    if (!this.page.isClosed()) await this.page.close();
    await context.close();
  }

  protected async locate(query: ElementQuery): Promise<ElementHandle | null> {
    const handle = await this.page.evaluateHandle(this.expressionFor(query));
    const element = handle.asElement();
    if (element === null) await handle.dispose();
    return element as ElementHandle | null;
  }

  protected clickHandle(handle: ElementHandle): Promise<void> {
    return handle.click();
  }

  protected typeInto(handle: ElementHandle, text: string): Promise<void> {
    return handle.type(text);
  }
}

/**
 * Starts Debian's `firefox-esr` (or `FIREFOX_PATH`) headless through puppeteer-core over
 * WebDriver BiDi. @throws Error when no Firefox is installed.
 */
export async function startFirefox(): Promise<Engine> {
  const executablePath = findExecutable(
    'Firefox',
    [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'],
    'apt-get install -y firefox-esr',
  );
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    defaultViewport: phoneWindow,
    timeout: startTimeoutMs,
    protocolTimeout: startTimeoutMs,
  });
  const pid = browser.process()?.pid;
  if (pid !== undefined) liveGroups.add(pid);
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    async newPage() {
      const context = await browser.createBrowserContext();
      return new FirefoxPage(await context.newPage());
    },
    async close() {
      const child = browser.process();
      try {
        await browser.close();
      } finally {
        if (child) await stopGroup(child);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// WebKit: MiniBrowser through WebKitWebDriver on Xvfb.

/**
 * A MiniBrowser window (its own WebDriver session). WebDriver classic cannot observe the
 * network, so the requests are what each document's Resource Timing saw (its navigation and
 * every subresource and `fetch`), read before each navigation and click and when asked.
 */
class WebKitPage extends EnginePage<WebElement> {
  readonly engine = 'webkit' as const;
  private readonly requests = new Set<string>();

  constructor(
    private readonly driver: WebDriver,
    private readonly onClose: () => void,
  ) {
    super();
  }

  async goto(url: string): Promise<void> {
    await this.noteRequests();
    await this.driver.get(url);
  }

  url(): Promise<string> {
    return this.driver.getCurrentUrl();
  }

  evaluate<T>(expression: string): Promise<T> {
    return this.driver.executeScript<T>(`return (${expression});`);
  }

  async requestedUrls(): Promise<string[]> {
    await this.noteRequests();
    return [...this.requests];
  }

  async close(): Promise<void> {
    this.onClose();
    await this.driver.quit();
  }

  protected async locate(query: ElementQuery): Promise<WebElement | null> {
    return this.driver.executeScript<WebElement | null>(`return ${this.expressionFor(query)};`);
  }

  protected async clickHandle(handle: WebElement): Promise<void> {
    await this.noteRequests();
    await handle.click();
  }

  protected typeInto(handle: WebElement, text: string): Promise<void> {
    return handle.sendKeys(text);
  }

  /** Adds the current document's Resource Timing entries to the requests seen. */
  private async noteRequests(): Promise<void> {
    const names = await this.driver.executeScript<string[]>(
      `return performance.getEntries()
        .filter((entry) => entry.entryType === 'navigation' || entry.entryType === 'resource')
        .map((entry) => entry.name);`,
    );
    for (const name of names) if (name.startsWith('http')) this.requests.add(name);
  }
}

/** Where Debian puts MiniBrowser: `/usr/lib/<multiarch>/webkit2gtk-4.{1,0}/MiniBrowser`. */
function miniBrowserCandidates(): string[] {
  const lib = '/usr/lib';
  const arches = existsSync(lib) ? readdirSync(lib).filter((name) => name.includes('-linux-')) : [];
  return ['4.1', '4.0'].flatMap((api) =>
    arches.map((arch) => `${lib}/${arch}/webkit2gtk-${api}/MiniBrowser`),
  );
}

/** Starts Xvfb on a display it picks itself (`-displayfd`, no race with other runs). */
async function startXvfb(): Promise<{ child: ChildProcess; display: string }> {
  const xvfb = findExecutable('Xvfb', ['/usr/bin/Xvfb'], 'apt-get install -y xvfb');
  const screen = `${phoneWindow.width}x${phoneWindow.height}x24`;
  const { child, output } = spawnGroup(
    xvfb,
    ['-displayfd', '3', '-screen', '0', screen, '-nolisten', 'tcp'],
    { extraPipe: true },
  );
  const displayPipe = child.stdio[3] as NodeJS.ReadableStream;
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error(`Xvfb did not start:\n${output()}`)),
      startTimeoutMs,
    );
    displayPipe.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${String(code)}):\n${output()}`));
    });
  });
  return { child, display };
}

/**
 * Starts Xvfb and WebKitWebDriver (`WEBKIT_DRIVER_PORT`, else a free port); each journey's page
 * is a new MiniBrowser (`MINIBROWSER_PATH`, else WebKitGTK 4.1's or 4.0's) filling the 360 px
 * screen. @throws Error when one of the three is not installed.
 */
export async function startWebKit(): Promise<Engine> {
  const driverPath = findExecutable(
    'WebKitWebDriver',
    [process.env.WEBKIT_DRIVER_PATH, '/usr/bin/WebKitWebDriver'],
    'apt-get install -y webkit2gtk-driver',
  );
  const miniBrowser = findExecutable(
    'MiniBrowser',
    [process.env.MINIBROWSER_PATH, ...miniBrowserCandidates()],
    'apt-get install -y webkit2gtk-driver',
  );
  const xvfb = await startXvfb();
  let driverProcess: ChildProcess | undefined;
  try {
    const port = Number(process.env.WEBKIT_DRIVER_PORT ?? (await freePort()));
    const started = spawnGroup(driverPath, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: xvfb.display, WAYLAND_DISPLAY: '' },
    });
    driverProcess = started.child;
    const server = `http://127.0.0.1:${port}`;
    await waitForDriver(server, started.child, started.output);
    const sessions = new Set<WebDriver>();
    const newSession = async (): Promise<WebDriver> => {
      const driver = await new Builder()
        .usingServer(server)
        .withCapabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': {
            binary: miniBrowser,
            args: ['--automation', '--full-screen'],
          },
        })
        .build();
      sessions.add(driver);
      await driver.manage().setTimeouts({ pageLoad: startTimeoutMs, script: startTimeoutMs });
      // Full screen hides MiniBrowser's toolbar, whose width (447 px) is the window's minimum
      // otherwise; the Xvfb screen is the phone's size, and this sets the window to all of it.
      await driver.manage().window().setRect(phoneWindow);
      return driver;
    };
    const version = String((await (await newSession()).getCapabilities()).get('browserVersion'));
    for (const driver of sessions) await driver.quit();
    sessions.clear();
    const closeProcesses = async () => {
      if (driverProcess) await stopGroup(driverProcess);
      await stopGroup(xvfb.child);
    };
    return {
      name: 'webkit',
      version: `webkitgtk/${version}`,
      async newPage() {
        const driver = await newSession();
        return new WebKitPage(driver, () => sessions.delete(driver));
      },
      async close() {
        try {
          for (const driver of sessions) await driver.quit().catch(() => undefined);
        } finally {
          await closeProcesses();
        }
      },
    };
  } catch (error) {
    if (driverProcess) await stopGroup(driverProcess);
    await stopGroup(xvfb.child);
    throw error;
  }
}

/** Polls the driver's `GET /status` until it says it is ready. */
async function waitForDriver(
  server: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited:\n${output()}`);
    try {
      const response = await fetch(`${server}/status`);
      const body = (await response.json()) as { value?: { ready?: boolean } };
      if (body.value?.ready) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
