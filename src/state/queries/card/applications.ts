// Card applications: the list, kept on the device without the holder and address.
import { type ApiClient } from '../../../api/client.ts';
import {
  applicationEndpoints,
  type CardApplication,
} from '../../../../contract/api/card/applications.ts';
import { watchUnsettled } from '../../records/recordList.ts';
import { CARD_LISTS, cardServiceList } from './shared.ts';

/** What of an application the device may keep: its state and fee, never the holder. */
export function keptApplicationRow(application: CardApplication): CardApplication {
  const { holder_id: _holder, holder_name: _name, address_id: _address, ...kept } = application;
  return kept as CardApplication;
}

export const applicationListSource = (api: ApiClient) =>
  watchUnsettled(
    {
      ...cardServiceList(api, CARD_LISTS.applications, applicationEndpoints.applicationList),
      keepOffline: keptApplicationRow,
    },
    (application) => application.status === 'processing',
  );
