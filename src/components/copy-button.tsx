/**
 * A button that copies `text` (account numbers, references, request ids) and says whether it
 * worked, in a polite live region so screen readers hear it too (src/lib/copy-text.ts).
 * "Copied" is shown once (on the button, whose accessible name stays its `label`) and said once
 * (by the live region, which is visually hidden then); a failure is shown and said by the region.
 */
import { useEffect, useState } from 'react';
import { copyText } from '../lib/copy-text';
import { useMessages } from '../messages/use-messages';

export interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy reference"; the visible label is "Copy". */
  label: string;
}

const resetAfterMs = 3_000;

export function CopyButton({ text, label }: CopyButtonProps) {
  const { _ } = useMessages();
  const [result, setResult] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (result !== 'copied') return;
    const id = window.setTimeout(() => setResult('idle'), resetAfterMs);
    return () => window.clearTimeout(id);
  }, [result]);

  return (
    <span className="copy">
      <button
        type="button"
        className="button button--secondary button--small"
        aria-label={label}
        onClick={() => {
          void copyText(text).then((ok) => setResult(ok ? 'copied' : 'failed'));
        }}
      >
        {result === 'copied' ? _('common.copied') : _('common.copy')}
      </button>
      <span className={result === 'copied' ? 'visually-hidden' : 'copy__feedback'} role="status">
        {result === 'copied'
          ? _('common.copied')
          : result === 'failed'
            ? _('common.copyFailed')
            : ''}
      </span>
    </span>
  );
}
