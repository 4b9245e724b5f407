// /mineCard and /mineBank are the same page (spec §2): what both routes declare, once.
import { msg } from '@lingui/core/macro';
import { screenData } from '../../../state/routeData.ts';

export const myCardsPage = {
  staticData: {
    readsOffline: true,
    title: msg`My cards`,
    keepAlive: true,
  },
  loader: screenData('card', (q, { api, list }) => [list(q.myCardListSource(api))]),
};
