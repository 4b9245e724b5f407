import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';

/** How a state reads at a glance: done, gone wrong, or neither yet. */
export type Tone = 'success' | 'danger' | 'neutral';

export function StatusPill({ label, tone }: { label: MessageDescriptor; tone: Tone }) {
  const { i18n } = useLingui();
  return (
    <span className="status-pill" data-tone={tone}>
      {i18n._(label)}
    </span>
  );
}
