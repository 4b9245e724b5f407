// Card service info: fees, regions, the recharge rule and the agreements.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient } from '../../../api/client.ts';
import { infoEndpoints } from '../../../../contract/api/card/info.ts';
import { useApi } from '../../apiContext.tsx';
import { cardKeys } from './shared.ts';

export function cardInfoOptions(api: ApiClient) {
  return queryOptions({
    queryKey: cardKeys.info(),
    queryFn: ({ signal }) => api.call(infoEndpoints.info, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}
export const useCardInfo = () => useQuery(cardInfoOptions(useApi()));
