// The user centre's lists: direct referrals (zhiList).
import type { ApiClient } from '../../api/client.ts';
import { userEndpoints } from '../../../contract/api/user.ts';
import { serverList } from '../records/recordList.ts';

export function zhiListSource(api: ApiClient) {
  return serverList(api, { name: 'zhiList', endpoint: userEndpoints.zhiList });
}
