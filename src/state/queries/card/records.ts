// A card's records: spending and recharges.
import { type ApiClient } from '../../../api/client.ts';
import { recordEndpoints } from '../../../../contract/api/card/records.ts';
import { watchUnsettled } from '../../records/recordList.ts';
import { CARD_LISTS, cardServiceList } from './shared.ts';

export const consumeListSource = (api: ApiClient, cardId: string) =>
  cardServiceList(api, CARD_LISTS.consume, recordEndpoints.consumeList, { id: cardId });
export const rechargeListSource = (api: ApiClient, cardId: string) =>
  watchUnsettled(
    cardServiceList(api, CARD_LISTS.recharge, recordEndpoints.rechargeList, {
      id: cardId,
    }),
    (recharge) => recharge.status === 'pending' || recharge.status === 'processing',
  );
