/**
 * Focus for a notice that answers a pressed button (issue 27.3). While a request is in flight its
 * button is disabled, and a disabled button drops focus to the page body; when the request then
 * fails (too many checks, no answer) a screen reader user was left nowhere. The notice takes the
 * focus instead, so it is read and the next move (wait, "Try again") starts from it. A customer
 * who is typing in a field (Enter there submits too) keeps their place: the notice's `alert`
 * role is spoken anyway.
 */
import { useEffect, useRef } from 'react';

/** Whether the focus is in a field the customer types or picks in. */
function typing(): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLInputElement ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement
  );
}

/**
 * A ref for the notice element (give it `tabIndex={-1}`): each time `notice` becomes a new
 * non-null value, the element takes the focus unless the customer is in a field.
 */
export function useFocusNotice<T extends HTMLElement>(notice: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (notice !== null && notice !== undefined && !typing()) ref.current?.focus();
  }, [notice]);
  return ref;
}
