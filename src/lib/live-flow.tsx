/**
 * The live half of a page whose first view is drawn before TanStack Query has arrived
 * (docs/decisions/0028, second addendum of issue 25): a component, downloaded with the root of
 * server state (`ServerStateLoader`), that runs the page's live flow inside that root, draws
 * nothing itself and hands each flow to the page, which draws it with the same screen as the
 * first view. Used by the checkout and invoice pages.
 */
import {
  lazy,
  memo,
  useContext,
  useLayoutEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { ServerStateLoader } from './server-state-loader';

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
 * The page's live flow component, made once per page: `load` (a dynamic import of the page's live
 * module) and the root of server state, downloaded together, the flow rendered inside the root.
 * Render it inside `<Suspense fallback={null}>`; a failed download reaches the app's error view.
 */
export function useLiveFlow<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  const loadServerState = useContext(ServerStateLoader);
  const [Live] = useState(() =>
    lazy(async () => {
      const [Flow, ServerState] = await Promise.all([load(), loadServerState()]);
      return {
        default: (props: Props) => (
          <ServerState>
            <Flow {...props} />
          </ServerState>
        ),
      };
    }),
  );
  return Live;
}
