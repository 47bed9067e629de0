/**
 * For tests only: Preact's effect timing, frames included (docs/decisions/0031-tests-on-the-
 * shipped-timing.md). Nothing the pages ship imports this file.
 *
 * Preact runs passive effects (`useEffect`) after the next frame, not with the render; layout
 * effects run with the render. Testing Library wraps every render and every event in `act`, which
 * runs them all before it returns, as React does under test: a bug that lives in the frame between
 * a render and its effects (decision 0027 lists two) cannot show there. A test file that calls
 * {@link frameLikeEffects} once, at its top level, gets instead, for each of its tests:
 *
 * - frames that come 16 ms (a 60 Hz display) after the first effect asks for one, on the test's
 *   timers (fake ones too), so `findBy…` and `waitFor` see the page settle as in a browser;
 * - `hold()` and `release()`: no frame comes between the two, which is how a test reproduces
 *   what a customer does before the next frame (a reload, a second Back);
 * - `render(ui)`, which renders with Preact's own root, outside `act`; and events sent by
 *   Testing Library and user-event outside `act` too (their `eventWrapper` runs the event as is).
 *
 * Use `frames.render`, not Testing Library's `render` (which would put `act` back). Everything it
 * rendered is unmounted after each test, and the renderer's frame timing is put back as it was.
 */
import { configure, getConfig } from '@testing-library/react';
import { options } from 'preact';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

/** A frame's delay after the first request for one, in ms: a 60 Hz display. */
export const frameMs = 16;

/** The frames of a test file that runs on Preact's effect timing. */
export interface Frames {
  /** Renders `ui` into a new element of `document.body` with Preact's root, outside `act`. */
  render(ui: ReactNode): { container: HTMLElement; unmount(): void };
  /** No frame comes until {@link Frames.release}: the effects a render asks for wait. */
  hold(): void;
  /** The held frame comes now (its effects run), and frames come by themselves again. */
  release(): void;
  /** How many callbacks wait for the next frame (0 when every effect asked for has run). */
  waiting(): number;
}

type FrameRequest = NonNullable<typeof options.requestAnimationFrame>;
type Config = ReturnType<typeof getConfig>;

/**
 * Puts this test file on Preact's frame timing (see the module's comment). Call it once, at the
 * top level of the file: it registers its own `beforeEach` and `afterEach`.
 */
export function frameLikeEffects(): Frames {
  let queue: (() => void)[] = [];
  let held = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const mounted: { unmount(): void }[] = [];
  let previousRequest: typeof options.requestAnimationFrame;
  let previousConfig: Config | undefined;

  const runFrame = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const due = queue;
    queue = [];
    for (const callback of due) callback();
  };
  const request: FrameRequest = (callback) => {
    queue.push(callback);
    if (!held && timer === undefined) timer = setTimeout(runFrame, frameMs);
  };

  beforeEach(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- Preact calls it unbound too.
    previousRequest = options.requestAnimationFrame;
    options.requestAnimationFrame = request;
    previousConfig = getConfig();
    // The event as is. Typed as returning nothing, but user-event reads what dispatching returned.
    configure({ eventWrapper: (event: () => unknown) => event() as undefined });
  });
  afterEach(() => {
    held = false;
    for (const root of [...mounted]) root.unmount();
    // Preact keeps its own list of components waiting for a frame: drain it (unmounted ones are
    // skipped), so that the next file's frames start from an empty list.
    for (let frames = 0; queue.length > 0 && frames < 10; frames += 1) runFrame();
    queue = [];
    options.requestAnimationFrame = previousRequest;
    if (previousConfig !== undefined) configure(previousConfig);
  });

  return {
    render(ui) {
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      root.render(ui);
      const handle = {
        container,
        unmount() {
          const index = mounted.indexOf(handle);
          if (index === -1) return;
          mounted.splice(index, 1);
          root.unmount();
          container.remove();
        },
      };
      mounted.push(handle);
      return handle;
    },
    hold() {
      held = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
    release() {
      held = false;
      runFrame();
    },
    waiting: () => queue.length,
  };
}
