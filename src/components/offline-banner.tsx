/**
 * Says so while the phone is offline, on every hosted page (product.md, "Every page": network
 * errors keep the input and offer a retry; the page checks again when back online). Reads `navigator.onLine` and its
 * `online`/`offline` events; a polite status, so a screen reader hears it without interruption.
 */
import { useSyncExternalStore } from 'react';
import { useMessages } from '../messages/use-messages';
import { Alert } from './alert';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online (true where it cannot tell). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** The banner; renders an empty live region while online so the change is announced. */
export function OfflineBanner() {
  const online = useOnline();
  const { _ } = useMessages();
  return (
    <div role="status" className="offline-banner">
      {!online && (
        <Alert tone="warning">
          <p>{_('common.offline')}</p>
        </Alert>
      )}
    </div>
  );
}
