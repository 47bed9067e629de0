/**
 * The pages' button. While `busy` (its request is in flight) it is disabled and shows
 * `busyLabel`, so one click sends one request and the customer sees that something happens
 * (conventions.md, "Errors and waiting").
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  busy?: boolean;
  /** Shown instead of the children while busy, e.g. "Authorizing…". */
  busyLabel?: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
