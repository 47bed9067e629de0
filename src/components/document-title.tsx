import { useLayoutEffect } from 'react';

/**
 * Sets the document's title (the browser tab; what a screen reader reads when the page loads)
 * while the page shows this view. React 19 moved a rendered `<title>` into `<head>`; Preact,
 * which renders the pages (docs/decisions/0027-preact-renderer.md), leaves it where it stands,
 * after index.html's own title, so a page names itself through this instead. Renders nothing.
 */
export function DocumentTitle({ children }: { children: string }): null {
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
