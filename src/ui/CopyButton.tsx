import { useLingui } from '@lingui/react/macro';
import Copy from 'lucide-react/icons/copy';
import { toast } from './toast.ts';
import './controls.css';

/**
 * A 44 px copy button named for what it copies ('Copy address'); the toast says what was
 * copied ('Address copied').
 */
export function CopyButton({
  value,
  label,
  copiedText,
}: {
  value: string;
  /** Name it for what it copies: 'Copy address'. */
  label?: string;
  /** What the toast says: 'Address copied'. */
  copiedText?: string;
}) {
  const { t } = useLingui();
  const name = label ?? t`Copy`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast(copiedText ?? t`Copied`, 'success');
    } catch {
      toast(t`Copy failed`, 'error');
    }
  }
  return (
    <button
      type="button"
      className="icon-button copy-button"
      aria-label={name}
      title={name}
      onClick={() => void copy()}
    >
      <Copy aria-hidden="true" size={20} />
    </button>
  );
}
