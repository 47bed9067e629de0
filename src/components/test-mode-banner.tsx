/**
 * Shown on every page of a test-mode record (product.md, "Every page"). In its own labelled
 * landmark, so that no page content sits outside landmarks (axe "region").
 */
import { useMessages } from '../messages/use-messages';

/**
 * `reserved`: the banner's space, invisible and hidden from assistive technology, kept while the
 * page does not yet know its mode (src/components/page-top.tsx); the same text, so it wraps to the
 * same height at every width.
 */
export function TestModeBanner({ reserved = false }: { reserved?: boolean }) {
  const { _ } = useMessages();
  if (reserved) {
    return (
      <div className="test-mode-space" aria-hidden="true">
        <p className="test-mode-banner">{_('common.testMode')}</p>
      </div>
    );
  }
  return (
    <aside aria-label={_('common.testModeLabel')}>
      <p className="test-mode-banner" role="note">
        {_('common.testMode')}
      </p>
    </aside>
  );
}
