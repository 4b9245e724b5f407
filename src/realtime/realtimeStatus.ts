// The hub's state for whoever shows it (the menu, the status line), and its words: spec §4's
// five connection states and §8's realtime errors. The hub's own code loads after sign-in;
// this file is all a screen needs to show where it stands.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { atom } from 'jotai';
import type { RealtimeState } from '../../contract/api/realtime.ts';
import type { HubSnapshot, RealtimeError } from './hub.ts';

/** The signed-in session's hub, as it last reported; null while nobody is signed in. */
export const realtimeStatusAtom = atom<HubSnapshot | null>(null);

export const liveUpdatesLabel = msg({
  message: 'Live updates',
  comment:
    'The connection that brings new transfers, balances and notices to the screen by itself, without a reload.',
});

export const realtimeStateLabels: Record<RealtimeState, MessageDescriptor> = {
  disconnected: msg({ message: 'Disconnected', context: 'live updates' }),
  connecting: msg({ message: 'Connecting…', context: 'live updates' }),
  connected: msg({ message: 'Connected', context: 'live updates' }),
  reconnecting: msg({ message: 'Reconnecting…', context: 'live updates' }),
  error: msg({ message: 'Connection error', context: 'live updates' }),
};

/** Spec §8 "Realtime errors". */
export const realtimeErrorLabels: Record<RealtimeError, MessageDescriptor> = {
  connectionTimeout: msg`Connection timeout`,
  heartbeatTimeout: msg`Heartbeat timeout`,
  abnormalState: msg`Abnormal connection state`,
};
