import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Copies `text` to the clipboard and says so (or that it could not: the text is on screen to copy by hand). */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation('affiliate');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="button" onClick={() => void copy()} data-testid={testId}>
        {t('copy')}
      </button>
      {state !== 'idle' && (
        <span role="status" data-testid={`${testId}-state`}>
          {state === 'copied' ? t('copied') : t('copyFailed')}
        </span>
      )}
    </span>
  );
}
