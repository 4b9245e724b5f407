// Notices: the list (one record list, cached per address like the others) and one notice.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { noticeEndpoints } from '../../../contract/api/notice.ts';
import { recordKeys, serverList } from '../records/recordList.ts';
import { keptRecordId } from './keptQuery.ts';

export const NOTICE_LIST = 'notices';

export const noticeKeys = {
  all: ['notice'] as const,
  detail: (address: string | null, id: string, locale: string) =>
    ['notice', 'detail', address, id, locale] as const,
  /** Every page of the list, whatever its params: refreshed after a notice is opened. */
  lists: (address: string | null) => [...recordKeys.all, address, NOTICE_LIST] as const,
};

export function noticeListSource(api: ApiClient, locale: string) {
  return serverList(api, {
    name: NOTICE_LIST,
    endpoint: noticeEndpoints.list,
    // Keys the list and its saved copy by language (the server reads LANG and ignores it).
    params: { lang: locale },
  });
}

export function noticeDetailOptions(
  api: ApiClient,
  address: string | null,
  id: string,
  locale: string,
) {
  return queryOptions({
    queryKey: noticeKeys.detail(address, id, locale),
    queryFn: ({ signal }) => api.call(noticeEndpoints.detail, { id }, { signal }),
    enabled: address !== null,
  });
}

/** One notice in one language, kept on the device once read. */
export const noticeDetailKept = (id: string, locale: string) => ({
  record: keptRecordId('noticeDetail', { id, lang: locale }),
});
