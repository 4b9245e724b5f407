// One figure of a `<dl className="stat-grid">` or `<dl className="kv">`: its name, then its
// value.
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

export function Stat({
  label,
  after,
  children,
  ...value
}: ComponentPropsWithoutRef<'dd'> & {
  label: ReactNode;
  /** More `<dd>`s under the same name (a share button, a QR code). */
  after?: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd {...value}>{children}</dd>
      {after}
    </div>
  );
}
