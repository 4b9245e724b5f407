import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Tone } from './moneyLabels.ts';

export function StatusPill({ label, tone }: { label: MessageDescriptor; tone: Tone }) {
  const { i18n } = useLingui();
  return (
    <span className="status-pill" data-tone={tone}>
      {i18n._(label)}
    </span>
  );
}
