// Delivery addresses: their list and one address for its form.
import { useQuery } from '@tanstack/react-query';
import { type ApiClient } from '../../../api/client.ts';
import { addressEndpoints } from '../../../../contract/api/card/addresses.ts';
import { useApi } from '../../apiContext.tsx';
import { CARD_LISTS, cardKeys, cardServiceList } from './shared.ts';

export const addressListSource = (api: ApiClient) =>
  cardServiceList(api, CARD_LISTS.addresses, addressEndpoints.addressList, {}, false);

export function useDeliveryAddress(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: cardKeys.address(id ?? ''),
    queryFn: ({ signal }) => api.call(addressEndpoints.addressDetail, { id: id ?? '' }, { signal }),
    enabled: Boolean(id),
  });
}
