/**
 * Shown on every page of a test-mode record (product.md, "Every page"). In its own labelled
 * landmark, so that no page content sits outside landmarks (axe "region").
 */
import { en } from '../messages/en';

export function TestModeBanner() {
  return (
    <aside aria-label={en.common.testModeLabel}>
      <p className="test-mode-banner" role="note">
        {en.common.testMode}
      </p>
    </aside>
  );
}
