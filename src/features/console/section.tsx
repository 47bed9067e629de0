/**
 * One section of a console view: a `<section>` named by its `<h2>` (`aria-labelledby`), an
 * optional line of context under the heading, then its content.
 */
import type { ReactNode } from 'react';

export interface SectionProps {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}

/** Renders one console section: heading, optional intro, content (see above). */
export function Section({ id, title, intro, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="console-section">
      <h2 id={id}>{title}</h2>
      {intro !== undefined && <p>{intro}</p>}
      {children}
    </section>
  );
}
