/**
 * The live half of a page whose first view is drawn before TanStack Query has arrived
 * (docs/decisions/0028, second addendum of issue 25): a component, downloaded with the root of
 * server state (`ServerStateLoader`) once the first view has drawn what it can, that runs the
 * page's live flow inside that root, draws nothing itself and hands each flow to the page, which
 * draws it with the same screen as the first view. Used by every hosted page (setup, checkout,
 * invoice).
 */
import {
  memo,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { ServerStateLoader, type ServerStateRoot } from './server-state-loader';

/** Props of a live flow's component: `onFlow` takes each flow (a state setter: stable). */
export interface LiveFlowProps<Flow> {
  onFlow: (flow: Flow) => void;
}

/**
 * A component that runs `useFlow(props)` and hands each flow to `onFlow`, synchronously after each
 * of its renders, once `known(flow)` (until then the first view's flow stands). Memoized: it renders
 * again only when its own flow changes, or its props do.
 */
export function flowDriver<Props extends object, Flow>(
  useFlow: (props: Props) => Flow,
  known: (flow: Flow) => boolean,
): ComponentType<Props & LiveFlowProps<Flow>> {
  return memo(function LiveFlow(props: Props & LiveFlowProps<Flow>) {
    const flow = useFlow(props);
    const isKnown = known(flow);
    const { onFlow } = props;
    useLayoutEffect(() => {
      if (isKnown) onFlow(flow);
    });
    return null;
  });
}

/**
 * Calls `run` at the browser's next idle moment (at most 100 ms away), or after the next frame
 * where there is no `requestIdleCallback` (Safari). Returns the cancel.
 */
function afterIdle(run: () => void): { cancel: () => void } {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 100 });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  let timer: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    timer = window.setTimeout(run, 0);
  });
  return {
    cancel: () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    },
  };
}

/**
 * The pause (ms) before the `failures`-th download attempt in a row is made again: 2 s doubling,
 * at most 60 s.
 */
function retryPauseMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}

/** Props of {@link LiveFlowHost}. */
export interface LiveFlowHostProps<Props extends object> {
  /** The page's live flow component (a dynamic import of the page's live module). Stable. */
  load: () => Promise<ComponentType<Props>>;
  /** Its props. */
  props: Props;
  /**
   * The first view has drawn what it can (its first read settled): downloading may start. Not
   * before, so that the live half's files never share the network with what the first view
   * waits for (and a lab's model of the load, Lighthouse's, does not count them in it).
   */
  start: boolean;
  /**
   * The download failed (offline, or a weak network dropped it). The first view stays; the host
   * tries again by itself when the browser is back online or after a pause ({@link retryPauseMs}),
   * and `retryNow` (for a press in the first view, which needs the live flow) tries at once. A
   * page whose first view has an action to refuse says so here. When the attempts of two presses
   * in a row fail while the browser says it is online, the host stops: the app's error view takes
   * the page, and its "Try again" loads the page afresh (a browser that remembers a failed
   * module's download fails every later `import()` of it at once; nothing was sent).
   */
  onFailed?: (retryNow: () => void) => void;
}

/**
 * Downloads the page's live flow (`load`) and the root of server state together, once `start` is
 * true and that frame has been painted, then renders the flow inside the root; nothing before. A
 * failed download never replaces the first view: it is reported (`onFailed`) and tried again.
 */
export function LiveFlowHost<Props extends object>({
  load,
  props,
  start,
  onFailed,
}: LiveFlowHostProps<Props>) {
  const loadServerState = useContext(ServerStateLoader);
  const [loaded, setLoaded] = useState<{ Flow: ComponentType<Props>; Root: ServerStateRoot }>();
  /** Failed attempts in a row: each is a new attempt (the effect below runs again). */
  const [failures, setFailures] = useState(0);
  const reportFailure = useRef(onFailed);
  /** The next attempt is a press's (`retryNow`); presses in a row whose attempt failed online. */
  const byPress = useRef({ next: false, failedOnline: 0 });
  const [stopped, setStopped] = useState<Error>();
  useLayoutEffect(() => {
    reportFailure.current = onFailed;
  });
  // An effect, which Preact runs after the frame is painted (decision 0031), then the next idle
  // moment: the first view's frame has been shown by then, not only drawn.
  useEffect(() => {
    if (!start || loaded !== undefined) return;
    let current = true;
    let pause: number | undefined;
    const again = () => {
      if (!current) return;
      current = false; // Once: this attempt is over.
      setFailures((count) => count + 1);
    };
    const pressed = byPress.current.next;
    byPress.current.next = false;
    const begin = () =>
      Promise.all([load(), loadServerState()]).then(
        ([Flow, Root]) => current && setLoaded({ Flow, Root }),
        (error: unknown) => {
          if (!current) return;
          if (pressed && navigator.onLine) {
            byPress.current.failedOnline += 1;
            if (byPress.current.failedOnline >= 2) {
              setStopped(error instanceof Error ? error : new Error(String(error)));
              return;
            }
          }
          pause = window.setTimeout(again, retryPauseMs(failures + 1));
          window.addEventListener('online', again);
          reportFailure.current?.(() => {
            if (current) byPress.current.next = true;
            again();
          });
        },
      );
    // The first attempt waits for an idle moment; a retry goes at once.
    let idle: { cancel: () => void } | undefined;
    if (failures === 0) idle = afterIdle(() => void begin());
    else void begin();
    return () => {
      current = false;
      idle?.cancel();
      window.clearTimeout(pause);
      window.removeEventListener('online', again);
    };
  }, [start, loaded, failures, load, loadServerState]);
  if (stopped !== undefined) throw stopped;
  if (loaded === undefined) return null;
  const { Flow, Root } = loaded;
  return (
    <Root>
      <Flow {...props} />
    </Root>
  );
}
