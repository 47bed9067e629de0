/**
 * A message box. `urgent` ones use `role="alert"` so a screen reader says them at once (an error
 * the customer must act on); others are plain text in the page's reading order.
 */
import type { ReactNode, Ref } from 'react';

export interface AlertProps {
  tone: 'error' | 'warning' | 'info' | 'success';
  urgent?: boolean;
  title?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

export function Alert({ tone, urgent = false, title, children, ref }: AlertProps) {
  return (
    <div ref={ref} className={`alert alert--${tone}`} role={urgent ? 'alert' : undefined}>
      {title !== undefined && <p className="alert__title">{title}</p>}
      {children}
    </div>
  );
}
