import { Trans } from '@lingui/react/macro';
import Share2 from 'lucide-react/icons/share-2';

/** Opens the system share sheet; shown only where the browser has one (Web Share). */
export function ShareButton({ url, title }: { url: string; title: string }) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  return (
    <button
      type="button"
      className="button button-ghost"
      onClick={() => void navigator.share({ url, title }).catch(() => undefined)}
    >
      <Share2 aria-hidden="true" size={18} />
      <Trans>Share</Trans>
    </button>
  );
}
