/**
 * A polite live region whose text arrives after the region itself (issue 27.3). Screen readers
 * speak changes inside a live region they already know; a region inserted together with its text
 * (a view that appears with its announcement) is read by none of them. So the region renders
 * empty first and takes its text a task after its effect, once the empty region was painted.
 */
import { useEffect, useState } from 'react';

export interface LiveRegionProps {
  /** What screen readers should hear; spoken again each time it changes. */
  children: string;
  /** Defaults to `visually-hidden`: the words are for screen readers only. */
  className?: string;
}

/** `<p role="status">` (polite) that exists, empty, before its first words. */
export function LiveRegion({ children, className = 'visually-hidden' }: LiveRegionProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // A task later: by then the empty region has been painted and is in the accessibility tree.
    const timer = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p className={className} role="status">
      {ready ? children : ''}
    </p>
  );
}
