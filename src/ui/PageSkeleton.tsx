import { useLingui } from '@lingui/react/macro';

/** Grey placeholder blocks while a page's code or data loads. */
export function PageSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useLingui();
  return (
    <div className="skeleton-page" role="status" aria-label={t`Loading`}>
      <div className="skeleton skeleton-hero" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton skeleton-row" />
      ))}
    </div>
  );
}
