import { useLingui } from '@lingui/react/macro';
import { toast } from './toast.ts';

export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast(t`Copied`, 'success');
    } catch {
      toast(t`Copy failed`, 'error');
    }
  }
  return (
    <button type="button" className="button button-small button-ghost" onClick={() => void copy()}>
      {label ?? t`Copy`}
    </button>
  );
}
