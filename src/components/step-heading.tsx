/**
 * The `<h1>` of a step. It takes focus when it appears, so keyboard and screen-reader users
 * start reading the new step at its top (product.md, "Every page": focus moved to each new step's
 * heading). `tabIndex={-1}` makes it focusable by script only.
 */
import { useEffect, useRef, type ReactNode } from 'react';

export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </h1>
  );
}
