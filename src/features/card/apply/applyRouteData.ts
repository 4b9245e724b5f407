// What the three application routes load before their form shows: the fees, regions and
// agreements, and the holders and addresses to choose from.
import { screenData } from '../../../state/routeData.ts';

export const applyScreenData = screenData('card', (q, { api, list }) => [
  q.cardInfoOptions(api),
  list(q.holderListSource(api)),
  list(q.addressListSource(api)),
]);
