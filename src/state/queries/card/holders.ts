// Card holders: their list, one holder for its form, and uploading identity photos.
import { useQuery } from '@tanstack/react-query';
import { type ApiClient } from '../../../api/client.ts';
import { holderEndpoints } from '../../../../contract/api/card/holders.ts';
import { uploadEndpoints, type UploadImgRequest } from '../../../../contract/api/card/uploads.ts';
import { useApi } from '../../apiContext.tsx';
import { watchUnsettled } from '../../records/recordList.ts';
import { CARD_LISTS, cardKeys, cardServiceList } from './shared.ts';

// Holders and addresses carry names, identity and delivery data: they are never kept on the
// device (no KYC data in any web storage). Applications and cards are kept without theirs.
export const holderListSource = (api: ApiClient) =>
  watchUnsettled(
    cardServiceList(api, CARD_LISTS.holders, holderEndpoints.holderList, {}, false),
    (holder) => holder.status === 'pending',
  );
export function useHolder(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: cardKeys.holder(id ?? ''),
    queryFn: ({ signal }) => api.call(holderEndpoints.holderDetail, { id: id ?? '' }, { signal }),
    enabled: Boolean(id),
    // Identity data is fetched for the form and not kept once the form is left.
    gcTime: 0,
  });
}

export const uploadImg = (api: ApiClient, body: UploadImgRequest, signal?: AbortSignal) =>
  api.call(uploadEndpoints.uploadImg, body, signal ? { signal } : {});
