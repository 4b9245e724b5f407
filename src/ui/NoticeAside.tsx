// The "Notice" box under a money form: what to know before confirming, as a list.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function NoticeAside({
  heading,
  testId,
  children,
}: {
  /** In place of the word "Notice", e.g. "How a cycle works". */
  heading?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <aside
      className="notice"
      aria-label={t({ message: 'Notice', context: 'please note' })}
      data-testid={testId}
    >
      <strong>{heading ?? <Trans context="please note">Notice</Trans>}</strong>
      {children}
    </aside>
  );
}
