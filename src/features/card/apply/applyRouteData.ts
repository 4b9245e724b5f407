// What the three application routes declare alike: their titles, and what they load before
// the form shows (the fees, regions and agreements, the holders and addresses to choose from).
import { msg } from '@lingui/core/macro';
import { screenData } from '../../../state/routeData.ts';

export const applyScreenData = screenData('card', (q, { api, list }) => [
  q.cardInfoOptions(api),
  list(q.holderListSource(api)),
  list(q.addressListSource(api)),
]);

export const applyPages = {
  virtual: { title: msg`Virtual card application` },
  physical: { title: msg`Physical card application` },
  physicalAgain: { title: msg`Physical card reapplication` },
};
