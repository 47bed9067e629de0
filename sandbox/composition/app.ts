/**
 * The sandbox's handler core (docs/architecture.md, "sandbox/core";
 * docs/decisions/0005-sandbox-storage-and-server.md): a function from a WHATWG `Request` to a
 * `Response` over the embedded database, the Hono app of composition/api-app.ts. No Node HTTP here, so
 * the same core serves the Node server, tests, and the SPA's component tests through MSW (also
 * under jsdom).
 */
import type { Mode } from '../../contract/common';
import { defaultPaymentWindowSeconds } from '../../contract/virtual-accounts';
import { lockDataDir } from '../db/data-dir-lock';
import { atomically, openDatabase, type Db } from '../db/database';
import type { BankAccountValidator } from '../core/bank-account-validator';
import { simulatedLiveValidator, testValidator } from '../features/direct-debit/account-validator';
import { purgeOldLookups } from '../features/direct-debit/lookup-rate-limit';
import { settleDueMandates } from '../features/direct-debit/mandates';
import {
  ensureDemoMerchant,
  type DemoCredentials,
  type PinnedCredentials,
} from '../features/merchants/demo-merchant';
import { fetchPublicLogo } from '../features/merchants/remote-logo';
import type { LogoFetcher } from '../core/logo-fetcher';
import { runCheckoutDueWork } from '../features/checkout/due-work';
import { settleDueCollections } from '../features/payouts/settlements';
import { createApiApp } from './api-app';
import { unexpectedFailureLine } from '../core/api-error';
import { deriveCapabilityToken } from '../core/capability-tokens';
import {
  createModeClocks,
  systemClock,
  type AdjustableClock,
  type Clock,
  type ModeClocks,
} from '../core/clock';
import type { SandboxServices } from '../core/handler';
import { purgeExpiredIdempotencyKeys } from '../core/idempotency';
import { loadLinkSecret } from '../core/link-secret';

const modes: readonly Mode[] = ['live', 'test'];

/** Default delay before the bank approves a test mandate, in milliseconds (3 s). */
export const defaultApprovalDelayMs = 3000;

/** Options of {@link createSandbox}. */
export interface SandboxOptions {
  /** Directory of `sandbox.db`, `credentials.json` and `link-secret`; absent = in-memory. */
  dataDir?: string;
  /** Origin the links point at, e.g. `http://127.0.0.1:4010`. */
  publicOrigin: string;
  /**
   * Base clock (default: the system clock). Live mode reads it as it is; test mode reads it plus
   * the stored offset of the test clock.
   */
  clock?: Clock;
  /** Key of the capability tokens (≥ 16 characters); default: `<dataDir>/link-secret` or random. */
  linkSecret?: string;
  /** Account-name resolution per mode; default {@link testValidator} / {@link simulatedLiveValidator}. */
  validators?: { test?: BankAccountValidator; live?: BankAccountValidator };
  /** Delay before a test mandate goes from pending to approved, in ms (default 3000). */
  approvalDelayMs?: number;
  /** Payment window of dynamic virtual accounts, in seconds (default 1800, contract). */
  paymentWindowSeconds?: number;
  /**
   * Where this process serves the sandbox over HTTP (sandbox/server.ts), recorded in the data
   * directory's lock so that CLI commands find it (sandbox/db/data-dir-lock.ts). Absent: not served.
   */
  servedAt?: string;
  /** Credentials fixed from the environment (CI): see `PinnedCredentials`. */
  pinnedCredentials?: PinnedCredentials;
  /**
   * Told about every unexpected exception (a 500) with its request id and `METHOD /path`; default:
   * one line on `console.error` ({@link unexpectedFailureLine}), no stack trace.
   */
  onUnexpectedError?: (error: unknown, requestId: string, where: string) => void;
  /**
   * Fetches a logo set by URL (default {@link fetchPublicLogo}: public https hosts only). Tests
   * pass their own, since they have neither the internet nor a public https host.
   */
  logoFetcher?: LogoFetcher;
}

/** A running sandbox. */
export interface Sandbox {
  /**
   * Answers one API request (any path: the caller decides what is API, see sandbox/server.ts).
   * `info.clientIp` is the peer address the server saw (payout IP whitelist); absent in-process.
   */
  handle(request: Request, info?: { clientIp?: string }): Promise<Response>;
  /**
   * Applies work that fell due, each mode by its own clock: live records by the base clock, test
   * records by the test clock (also done at the start of every request).
   */
  runDueWork(): void;
  /** Closes the database. Idempotent. */
  close(): void;
  db: Db;
  /**
   * Test mode's clock (`clocks.test`: base clock + offset stored in the database), the one the
   * test-clock controls move. Live mode never reads it.
   */
  clock: AdjustableClock;
  /** The clocks of both modes: `clocks.clockFor(mode).now()` is the time of `mode`. */
  clocks: ModeClocks;
  /** The demo merchant's credentials (also in `<dataDir>/credentials.json`). */
  credentials: DemoCredentials;
  /** The normalized origin links point at (no trailing slash). */
  publicOrigin: string;
}

/**
 * Creates a sandbox: opens (or creates) the database, applies migrations, ensures the demo
 * merchant, and returns the handler core.
 * @throws DataDirInUseError when another running sandbox holds `dataDir` (sandbox/db/data-dir-lock.ts);
 *   Error when the data directory or database cannot be opened, or `publicOrigin` is not an
 *   http(s) origin.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const origin = new URL(options.publicOrigin);
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') {
    throw new Error(`publicOrigin must be http(s): ${options.publicOrigin}`);
  }
  const publicOrigin = origin.origin;
  const lock =
    options.dataDir === undefined
      ? null
      : lockDataDir(options.dataDir, { baseUrl: options.servedAt });
  let db: Db;
  try {
    db = openDatabase({ dataDir: options.dataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const clocks = createModeClocks(db, options.clock ?? systemClock);
  const services: SandboxServices = {
    db,
    clocks,
    publicOrigin,
    linkSecret: loadLinkSecret({ dataDir: options.dataDir, explicit: options.linkSecret }),
    validators: {
      test: options.validators?.test ?? testValidator,
      live: options.validators?.live ?? simulatedLiveValidator,
    },
    approvalDelayMs: options.approvalDelayMs ?? defaultApprovalDelayMs,
    paymentWindowSeconds: options.paymentWindowSeconds ?? defaultPaymentWindowSeconds,
    logoFetcher: options.logoFetcher ?? fetchPublicLogo,
  };
  let credentials: DemoCredentials;
  try {
    credentials = ensureDemoMerchant(db, {
      publicOrigin,
      dataDir: options.dataDir,
      now: clocks.live.now(),
      pinned: options.pinnedCredentials,
    });
  } catch (error) {
    db.close();
    lock?.release();
    throw error;
  }
  let closed = false;

  /** The due work of both modes: every query is confined to `mode` and reads `mode`'s clock. */
  function runDueWork(): void {
    atomically(db, () => {
      for (const mode of modes) {
        const now = clocks.clockFor(mode).now();
        settleDueMandates(db, mode, now);
        purgeExpiredIdempotencyKeys(db, mode, now);
        purgeOldLookups(db, mode, now);
        runCheckoutDueWork(db, mode, {
          now,
          publicOrigin,
          tokens: (linkId, version) => deriveCapabilityToken(services.linkSecret, linkId, version),
          windowSeconds: services.paymentWindowSeconds,
        });
        // After checkout's due work, so a debit that settled this instant is collected first.
        settleDueCollections(db, mode, now);
      }
    });
  }

  const api = createApiApp(services, {
    runDueWork,
    isClosed: () => closed,
    onUnexpectedError:
      options.onUnexpectedError ??
      ((error: unknown, requestId: string, where: string) => {
        console.error(unexpectedFailureLine(error, requestId, where));
      }),
  });

  return {
    handle: (request, info) => Promise.resolve(api.fetch(request, { clientIp: info?.clientIp })),
    runDueWork,
    close() {
      if (closed) return;
      closed = true;
      db.close();
      lock?.release();
    },
    db,
    clock: clocks.test,
    clocks,
    credentials,
    publicOrigin,
  };
}
