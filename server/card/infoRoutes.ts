// /api/v1/visa/info and getVirtualCardBin: what the card service offers (contract/api/card/info.ts).
import {
  type CardInfoData,
  type GetVirtualCardBinData,
  infoEndpoints,
} from '../../contract/api/card/info.ts';
import { defineRoute, type Route } from '../http/route.ts';
import { cardBins, cardInfo } from './info.ts';

export const infoRoutes: Route[] = [
  defineRoute({
    endpoint: infoEndpoints.info,
    async handler({ context, request }): Promise<CardInfoData> {
      return cardInfo(context.settings.card, (message) =>
        context.translator.translate(request.locale, message),
      );
    },
  }),
  defineRoute({
    endpoint: infoEndpoints.getVirtualCardBin,
    async handler({ context, input }): Promise<GetVirtualCardBinData> {
      return { list: cardBins(context.settings.card, input) };
    },
  }),
];
