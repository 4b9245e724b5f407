import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import type { Card } from '../../../contract/api/card/cards.ts';
import {
  cardChanged,
  cardOptions,
  myCardListSource,
  rechargeOnTheWay,
} from '../../../src/state/queries/card/cards.ts';
import { CARD_LISTS, cardKeys } from '../../../src/state/queries/card/shared.ts';
import {
  recordKeys,
  recordListOptions,
  UNSETTLED_REFRESH_MS,
} from '../../../src/state/records/recordList.ts';

const api = { request: vi.fn() } as unknown as ApiClient;
const onTheWay = (pending_recharge: string) => ({ pending_recharge }) as Card;

describe('a card with a recharge on its way', () => {
  it('is one whose pending recharge is not zero', () => {
    expect(rechargeOnTheWay(onTheWay('0'))).toBe(false);
    expect(rechargeOnTheWay(onTheWay('100'))).toBe(true);
    expect(rechargeOnTheWay(onTheWay('0.000001'))).toBe(true);
  });

  it('is looked at again every 30 s by the card detail, and only then', () => {
    const options = cardOptions(api, '7');
    const interval = options.refetchInterval as (query: {
      state: { data: Card | undefined };
    }) => number | false;
    expect(interval({ state: { data: onTheWay('50') } })).toBe(UNSETTLED_REFRESH_MS);
    expect(interval({ state: { data: onTheWay('0') } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
    expect(options.staleTime).toBe(0);
  });

  it('keeps the card list looking again, and fetched again whenever its page shows', () => {
    const source = myCardListSource(api);
    expect(source.unsettled?.(onTheWay('50') as never)).toBe(true);
    expect(source.unsettled?.(onTheWay('0') as never)).toBe(false);
    expect(recordListOptions('0xabc', source).staleTime).toBe(0);
  });
});

describe('cardChanged', () => {
  function cache() {
    const client = new QueryClient();
    const keys = {
      card: cardKeys.card('7'),
      otherCard: cardKeys.card('8'),
      cards: recordKeys.list('0xabc', CARD_LISTS.cards, {}),
      recharges: recordKeys.list('0xabc', CARD_LISTS.recharge, { id: '7' }),
      otherRecharges: recordKeys.list('0xabc', CARD_LISTS.recharge, { id: '8' }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    const stale = () =>
      Object.fromEntries(
        Object.entries(keys).map(([name, key]) => [
          name,
          client.getQueryState(key)?.isInvalidated ?? false,
        ]),
      );
    return { client, stale };
  }

  it('seen on the card: its recharge records and the card list are fetched again', async () => {
    const { client, stale } = cache();
    await cardChanged(client, '7', 'card');
    expect(stale()).toEqual({
      card: false,
      otherCard: false,
      cards: true,
      recharges: true,
      otherRecharges: false,
    });
  });

  it('seen in the recharge records: the card and the card list are fetched again', async () => {
    const { client, stale } = cache();
    await cardChanged(client, '7', 'recharges');
    expect(stale()).toEqual({
      card: true,
      otherCard: false,
      cards: true,
      recharges: false,
      otherRecharges: false,
    });
  });
});
