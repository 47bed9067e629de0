/**
 * The live half of a page whose first view is drawn before TanStack Query has arrived
 * (docs/decisions/0028, second addendum of issue 25): a component, downloaded with the root of
 * server state (`ServerStateLoader`) once the first view has drawn what it can, that runs the
 * page's live flow inside that root, draws nothing itself and hands each flow to the page, which
 * draws it with the same screen as the first view. Used by the checkout and invoice pages.
 */
import { memo, useContext, useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
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
}

/**
 * Downloads the page's live flow (`load`) and the root of server state together, once `start` is
 * true and that frame has been painted, then renders the flow inside the root; nothing before. A
 * failed download reaches the app's error view, as a page's own code does.
 */
export function LiveFlowHost<Props extends object>({
  load,
  props,
  start,
}: LiveFlowHostProps<Props>) {
  const loadServerState = useContext(ServerStateLoader);
  const [loaded, setLoaded] = useState<{ Flow: ComponentType<Props>; Root: ServerStateRoot }>();
  const [failure, setFailure] = useState<Error>();
  // An effect, which Preact runs after the frame is painted (decision 0031), then the next idle
  // moment: the first view's frame has been shown by then, not only drawn.
  useEffect(() => {
    if (!start) return;
    let current = true;
    const begin = () =>
      Promise.all([load(), loadServerState()]).then(
        ([Flow, Root]) => current && setLoaded({ Flow, Root }),
        (error: unknown) =>
          current && setFailure(error instanceof Error ? error : new Error(String(error))),
      );
    const idle = afterIdle(() => void begin());
    return () => {
      current = false;
      idle.cancel();
    };
  }, [start, load, loadServerState]);
  if (failure !== undefined) throw failure;
  if (loaded === undefined) return null;
  const { Flow, Root } = loaded;
  return (
    <Root>
      <Flow {...props} />
    </Root>
  );
}
