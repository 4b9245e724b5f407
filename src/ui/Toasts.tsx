import { useAtomValue } from 'jotai';
import { dismissToast, toastsAtom } from './toast.ts';

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <button
          key={t.id}
          type="button"
          className={`toast toast-${t.tone}`}
          onClick={() => dismissToast(t.id)}
        >
          {t.text}
        </button>
      ))}
    </div>
  );
}
