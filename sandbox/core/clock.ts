/**
 * Sandbox time (docs/decisions/0004-time-and-due-work.md): rules read the time from a {@link Clock},
 * never from `Date.now()`, so that a test clock can move time forward and due work
 * (`runDueWork`) gives the same results whether or not the process was restarted.
 *
 * Each mode has its own clock ({@link ModeClocks}): live mode runs on the base clock (the system
 * clock, or a test's manual clock); test mode runs on the test clock, the base clock plus an offset
 * that `POST /sandbox/v1/clock/advance` moves forward. Every record, request and piece of due work
 * reads the clock of its own mode through {@link ModeClocks.clockFor}: advancing the test clock
 * never moves live mode.
 */
import type { Mode } from '../../contract/common';
import { execute, queryOne, type Db } from '../db/database';
import { z } from 'zod';

/** A source of the current instant. */
export interface Clock {
  now(): Date;
}

/** The machine's wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that runs `offsetMs` milliseconds ahead of its base clock. The offset is stored in the
 * database (`sandbox_settings.clock_offset_ms`), so an advanced test clock stays advanced after a
 * restart. Exposed as `POST /sandbox/v1/clock/advance` (test-mode keys only).
 */
export interface AdjustableClock extends Clock {
  /** How far ahead of the base clock this clock runs, in milliseconds (≥ 0 in practice). */
  offsetMs(): number;
  /** Moves the clock forward by `ms` milliseconds. @throws RangeError for a negative or non-integer `ms`. */
  advanceBy(ms: number): void;
}

/**
 * The clocks of the two modes. {@link ModeClocks.clockFor} is the one way a rule or a request
 * reads the time: a record of mode M, a request authenticated in mode M (secret key, setup link or
 * checkout link) and the due work of mode M all use `clockFor(M)`.
 */
export interface ModeClocks {
  /** Test mode's clock: the base clock plus the stored offset; the only clock that can be moved. */
  test: AdjustableClock;
  /** Live mode's clock: the base clock, never offset. */
  live: Clock;
  /** The clock of `mode` (`test` or `live` above). */
  clockFor(mode: Mode): Clock;
}

const offsetKey = 'clock_offset_ms';
const settingSchema = z.object({ value: z.string() });

/**
 * An {@link AdjustableClock} over `base` whose offset lives in `db`. The offset is read once here
 * and written through on every change.
 */
export function createAdjustableClock(db: Db, base: Clock = systemClock): AdjustableClock {
  const row = queryOne(
    db,
    'SELECT value FROM sandbox_settings WHERE key = ?',
    [offsetKey],
    settingSchema,
  );
  let offset = row === null ? 0 : Number(row.value);
  if (!Number.isSafeInteger(offset)) offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    offsetMs: () => offset,
    advanceBy(ms: number) {
      if (!Number.isSafeInteger(ms) || ms < 0) {
        throw new RangeError('The clock only moves forward by a whole number of milliseconds');
      }
      offset += ms;
      execute(
        db,
        `INSERT INTO sandbox_settings (key, value) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [offsetKey, String(offset)],
      );
    },
  };
}

/**
 * The {@link ModeClocks} of a sandbox over `base` (default the system clock): live reads `base`,
 * test reads `base` plus the offset stored in `db` ({@link createAdjustableClock}).
 */
export function createModeClocks(db: Db, base: Clock = systemClock): ModeClocks {
  const test = createAdjustableClock(db, base);
  const live: Clock = { now: () => base.now() };
  return { test, live, clockFor: (mode) => (mode === 'test' ? test : live) };
}

/** A clock that stands still at `start` until moved: for tests that need exact instants. */
export function createManualClock(
  start: Date,
): Clock & { set(instant: Date): void; advanceBy(ms: number): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set(instant: Date) {
      current = instant.getTime();
    },
    advanceBy(ms: number) {
      current += ms;
    },
  };
}
