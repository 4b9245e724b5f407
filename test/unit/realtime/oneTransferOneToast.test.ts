// One ticket transfer received is one toast: the server tells of it on two streams (the
// balance, with the amount, and the record lists), and the app toasts only one of them.
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transferEvents } from '../../../server/realtime/events.ts';
import type { RealtimeEvent } from '../../../contract/api/realtime.ts';
import { applyEvent } from '../../../src/realtime/events.ts';
import { store } from '../../../src/state/store.ts';
import { toastsAtom } from '../../../src/ui/toast.ts';
import { activateEnglish } from '../support/i18n.ts';

beforeAll(activateEnglish);
beforeEach(() => store.set(toastsAtom, []));

const SENDER = 1n;
const RECEIVER = 2n;

/** What the receiver hears of one transfer of 5 TICKET (in units), as the server writes it. */
function receiverEvents(): RealtimeEvent[] {
  const legs = [
    { userId: SENDER, asset: 'TICKET', amount: -5_000_000n },
    { userId: RECEIVER, asset: 'TICKET', amount: 5_000_000n },
  ];
  return transferEvents('ticket_transfer', legs)
    .filter((event) => event.userId === RECEIVER)
    .map(
      (event, index) =>
        ({ stream: event.stream, offset: 100 + index, data: event.data }) as RealtimeEvent,
    );
}

describe('a received transfer', () => {
  it('is heard on two streams and toasted once, with its amount', () => {
    const events = receiverEvents();
    expect(events.map((event) => event.stream).sort()).toEqual(['user@balance', 'user@record']);
    const queryClient = new QueryClient();
    for (const event of events) applyEvent(event, { queryClient, markNotice: () => undefined });
    expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual(['Received 5 tickets']);
  });
});
