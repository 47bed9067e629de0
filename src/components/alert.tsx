/**
 * A message box. `urgent` ones use `role="alert"` so a screen reader says them at once (an error
 * the customer must act on); others are plain text in the page's reading order.
 */
import { useId, type ReactNode, type Ref } from 'react';

export interface AlertProps {
  tone: 'error' | 'warning' | 'info' | 'success';
  urgent?: boolean;
  title?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** -1 for a notice that takes the focus (src/lib/use-focus-notice.ts). */
  tabIndex?: number;
}

export function Alert({ tone, urgent = false, title, children, ref, tabIndex }: AlertProps) {
  const id = useId();
  // A notice that takes the focus is read by its name: its title (else its words), with its
  // words as the description, since a focused `alert` is not named from its content.
  const focusable = tabIndex !== undefined;
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const hasTitle = title !== undefined;
  return (
    <div
      ref={ref}
      className={`alert alert--${tone}`}
      role={urgent ? 'alert' : undefined}
      tabIndex={tabIndex}
      aria-labelledby={focusable ? (hasTitle ? titleId : bodyId) : undefined}
      aria-describedby={focusable && hasTitle ? bodyId : undefined}
    >
      {hasTitle && (
        <p className="alert__title" id={focusable ? titleId : undefined}>
          {title}
        </p>
      )}
      {focusable ? <div id={bodyId}>{children}</div> : children}
    </div>
  );
}
