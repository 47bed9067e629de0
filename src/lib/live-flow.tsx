/**
 * The live half of a page whose first view is drawn before TanStack Query has arrived
 * (docs/decisions/0028, second addendum of issue 25): a component, downloaded with the root of
 * server state (`ServerStateLoader`), that runs the page's live flow inside that root, draws
 * nothing itself and hands each flow to the page, which draws it with the same screen as the
 * first view. Used by the checkout and invoice pages.
 */
import { memo, useContext, useLayoutEffect, useState, type ComponentType } from 'react';
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

/** Props of {@link LiveFlowHost}. */
export interface LiveFlowHostProps<Props extends object> {
  /** The page's live flow component (a dynamic import of the page's live module). Stable. */
  load: () => Promise<ComponentType<Props>>;
  /** Its props. */
  props: Props;
}

/**
 * Downloads the page's live flow (`load`) and the root of server state together, as soon as the
 * page has drawn its first view, then renders the flow inside the root; nothing before. A failed
 * download reaches the app's error view, as a page's own code does.
 */
export function LiveFlowHost<Props extends object>({ load, props }: LiveFlowHostProps<Props>) {
  const loadServerState = useContext(ServerStateLoader);
  const [loaded, setLoaded] = useState<{ Flow: ComponentType<Props>; Root: ServerStateRoot }>();
  const [failure, setFailure] = useState<Error>();
  useLayoutEffect(() => {
    let current = true;
    Promise.all([load(), loadServerState()]).then(
      ([Flow, Root]) => current && setLoaded({ Flow, Root }),
      (error: unknown) =>
        current && setFailure(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      current = false;
    };
  }, [load, loadServerState]);
  if (failure !== undefined) throw failure;
  if (loaded === undefined) return null;
  const { Flow, Root } = loaded;
  return (
    <Root>
      <Flow {...props} />
    </Root>
  );
}
