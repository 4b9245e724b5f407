// The menu's 'Live updates' row: where the signed-in session's connection stands (spec §4),
// and the §8 error while it is not connected. Nothing while no hub runs.
import { useLingui } from '@lingui/react';
import { useAtomValue } from 'jotai';
import {
  liveUpdatesLabel,
  realtimeErrorLabels,
  realtimeStateLabels,
  realtimeStatusAtom,
} from '../realtime/realtimeStatus.ts';

export function RealtimeRow() {
  const { i18n } = useLingui();
  const status = useAtomValue(realtimeStatusAtom);
  if (!status) return null;
  const error = status.state !== 'connected' && status.error;
  return (
    <div data-testid="menu-realtime">
      <dt>{i18n._(liveUpdatesLabel)}</dt>
      <dd className="menu-realtime" data-realtime-state={status.state}>
        <span className="menu-realtime-dot" aria-hidden="true" />
        {i18n._(realtimeStateLabels[status.state])}
        {error && <span className="menu-realtime-error">{i18n._(realtimeErrorLabels[error])}</span>}
      </dd>
    </div>
  );
}
