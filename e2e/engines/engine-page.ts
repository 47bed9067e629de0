/**
 * One browser tab, whatever engine drives it: the customer's actions (open a link, click, type)
 * and the waits for what the page shows, written once for Gecko (puppeteer-core over WebDriver
 * BiDi) and WebKit (selenium-webdriver over WebKitWebDriver); see e2e/engines/browsers.ts.
 *
 * Every wait is for a state (an element present and visible, a text, an address), polled until
 * it holds or `timeoutMs` has passed, never for a fixed time. Actions retry while the element is
 * replaced under them (Preact re-renders) until the same bound.
 */
import { describeQuery, findElementExpression, type ElementQuery } from './page-query';

/** The engines the journeys run in. */
export type EngineName = 'firefox' | 'webkit';

/** How long a state may take to appear, in ms: generous, for a busy 2-core machine. */
export const defaultStateTimeoutMs = 45_000;

/** How often a state is looked at again while waiting, in ms. */
const pollIntervalMs = 100;

/** Resolves after `ms`: only between two looks at a state, never as a wait for one. */
function nextPoll(ms = pollIntervalMs): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A tab driven by an engine's driver. Subclasses give the primitives (find, click, type,
 * evaluate, navigate); this class gives the waits.
 */
export abstract class EnginePage<Handle> {
  abstract readonly engine: EngineName;

  /** Loads `url` (absolute) in the tab and resolves once its `load` event has fired. */
  abstract goto(url: string): Promise<void>;

  /** The tab's current address. */
  abstract url(): Promise<string>;

  /** Evaluates a script expression in the page and returns its (JSON-serialisable) value. */
  abstract evaluate<T>(expression: string): Promise<T>;

  /**
   * Every address the tab has requested so far, fragment included as the driver reports it, or
   * `null` where the driver cannot observe the network.
   */
  abstract requestedUrls(): Promise<string[] | null>;

  /** Closes the tab (and its session); idempotent. */
  abstract close(): Promise<void>;

  /** The element for `query`, or `null`, found in the page. */
  protected abstract locate(query: ElementQuery): Promise<Handle | null>;

  /** A real click (the driver's pointer input) on `handle`. */
  protected abstract clickHandle(handle: Handle): Promise<void>;

  /** Real key presses into `handle`. */
  protected abstract typeInto(handle: Handle, text: string): Promise<void>;

  /**
   * Polls `look` until it returns a value other than `undefined`, and returns that value.
   * Errors thrown by `look` (an element replaced under the driver) count as "not yet".
   * @throws Error naming `what`, the tab's address and what it shows, after `timeoutMs`.
   */
  async until<T>(
    what: string,
    look: () => Promise<T | undefined>,
    timeoutMs = defaultStateTimeoutMs,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let lastError: unknown;
    for (;;) {
      try {
        const value = await look();
        if (value !== undefined) return value;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline) {
        const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
        throw new Error(
          `${this.engine}: waited ${timeoutMs} ms for ${what}${detail}\n${await this.snapshot()}`,
        );
      }
      await nextPoll();
    }
  }

  /** Waits until the element for `query` is visible. */
  async waitFor(query: ElementQuery, timeoutMs?: number): Promise<void> {
    await this.until(
      describeQuery(query),
      async () => ((await this.locate(query)) === null ? undefined : true),
      timeoutMs,
    );
  }

  /** Waits for the view's `<h1>` to read `name`. */
  async waitForHeading(name: string, timeoutMs?: number): Promise<void> {
    await this.waitFor({ role: 'heading', name }, timeoutMs);
  }

  /** Waits for the element for `query`, then clicks it. */
  async click(query: ElementQuery): Promise<void> {
    await this.until(`to click ${describeQuery(query)}`, async () => {
      const handle = await this.locate(query);
      if (handle === null) return undefined;
      await this.clickHandle(handle);
      return true;
    });
  }

  /** Waits for the field for `query`, then types `text` into it, key by key. */
  async type(query: ElementQuery, text: string): Promise<void> {
    await this.until(`to type into ${describeQuery(query)}`, async () => {
      const handle = await this.locate(query);
      if (handle === null) return undefined;
      await this.typeInto(handle, text);
      return true;
    });
  }

  /** Waits until the checkbox for `query` is ticked, ticking it with a click if it is not. */
  async check(query: ElementQuery): Promise<void> {
    const ticked = () =>
      this.evaluate<boolean>(`(${findElementExpression(query)})?.checked === true`);
    await this.waitFor(query);
    if (!(await ticked())) await this.click(query);
    await this.until(`${describeQuery(query)} to be ticked`, async () =>
      (await ticked()) ? true : undefined,
    );
  }

  /** The page's visible text (`document.body.innerText`). */
  async text(): Promise<string> {
    return this.evaluate<string>('document.body ? document.body.innerText : ""');
  }

  /** Waits until the page's visible text matches `pattern`, and returns the match. */
  async waitForText(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray> {
    return this.until(
      `text ${String(pattern)}`,
      async () => (await this.text()).match(pattern) ?? undefined,
      timeoutMs,
    );
  }

  /** Waits until the tab's address matches `pattern`, and returns the address. */
  async waitForUrl(pattern: RegExp, timeoutMs?: number): Promise<URL> {
    return this.until(
      `an address matching ${String(pattern)}`,
      async () => {
        const url = await this.url();
        return pattern.test(url) ? new URL(url) : undefined;
      },
      timeoutMs,
    );
  }

  /** The document's `<html lang>`. */
  async documentLanguage(): Promise<string> {
    return this.evaluate<string>('document.documentElement.lang');
  }

  /** What a failure message shows: the address and the start of the visible text. */
  private async snapshot(): Promise<string> {
    try {
      const [url, text] = await Promise.all([this.url(), this.text()]);
      return `at ${url}, showing:\n${text.slice(0, 800)}`;
    } catch (error) {
      return `(the page could not be read: ${error instanceof Error ? error.message : String(error)})`;
    }
  }

  /** The element expression for `query`, for the subclasses' drivers. */
  protected expressionFor(query: ElementQuery): string {
    return findElementExpression(query);
  }
}
