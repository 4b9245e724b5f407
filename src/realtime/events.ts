// What the app does with what the hub hears: an event refreshes exactly the cached areas it
// names (a wallet page on screen shows a received transfer at once); a received transfer is
// toasted; a notice marks the notices entry. A reconnect the server could not replay
// refreshes everything the streams cover, so no update is silently lost.
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { isAssetCode } from '../../contract/api/assets.ts';
import type { CacheArea } from '../../contract/api/endpoint.ts';
import {
  STREAM_AREAS,
  type RealtimeEvent,
  type RealtimeEventData,
  type RealtimeStream,
} from '../../contract/api/realtime.ts';
import { refreshAreas } from '../state/queries/cacheAreas.ts';
import { coinLabel, formatCoinAmount } from '../ui/Amount.tsx';
import { toast } from '../ui/toast.ts';

export interface EventDeps {
  queryClient: QueryClient;
  /** Puts the unread mark on the notices entry. */
  markNotice: () => void;
}

export function applyEvent(event: RealtimeEvent, deps: EventDeps): void {
  void refreshAreas(deps.queryClient, event.data.changes);
  // One transfer is heard twice, on user@balance (with the amount) and on user@record (the
  // lists): only the balance event is toasted, so one transfer is one toast.
  if (event.data.kind === 'transfer_received' && event.stream === 'user@balance')
    // Keyed by offset: two equal transfers in a row are two toasts.
    toast(receivedText(event.data), 'success', { key: `realtime-${event.offset}` });
  if (event.stream === 'user@notice') deps.markNotice();
}

/** Everything the streams cover, for a reconnect whose missed events are gone. */
export function areasOf(streams: readonly RealtimeStream[]): CacheArea[] {
  return [...new Set(streams.flatMap((stream) => STREAM_AREAS[stream]))];
}

/** "Received 5 tickets", the amount as every amount on screen is written. */
export function receivedText(data: RealtimeEventData): string {
  const code = data.asset?.toUpperCase();
  if (!data.amount || !data.asset || !code) return t`Ticket transfer received`;
  const known = isAssetCode(code);
  const amount = known ? formatCoinAmount(data.amount, code, i18n.locale) : data.amount;
  const asset = known ? coinLabel(code, data.amount) : data.asset;
  return t`Received ${amount} ${asset}`;
}
