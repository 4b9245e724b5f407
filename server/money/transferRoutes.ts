// /api/v1/user/transfer and transferList: tickets from one user to another.
import { assetDecimals } from '../../contract/api/assets.ts';
import {
  TRANSFER_COIN,
  type TransferData,
  type TransferListData,
  transferEndpoints,
} from '../../contract/api/transfer.ts';
import { parseAmount } from '../../contract/money/parseAmount.ts';
import { toChecksumAddress } from '../../contract/wallet/address.ts';
import { defineRoute } from '../http/route.ts';
import { listTicketTransfers, transferTickets } from './ticketTransfers.ts';

export const transferRoutes = [
  defineRoute({
    endpoint: transferEndpoints.transfer,
    async handler({ context, user, input, idempotencyKey }): Promise<TransferData> {
      return transferTickets(context.db, {
        senderId: user.id,
        recipientAddress: toChecksumAddress(input.address),
        // The schema has checked it: plain, positive, within the asset's decimals.
        units: parseAmount(input.amount, { decimals: assetDecimals(TRANSFER_COIN) })[0],
        remark: input.remark,
        idempotencyKey: idempotencyKey,
        now: context.now(),
      });
    },
  }),
  defineRoute({
    endpoint: transferEndpoints.list,
    async handler({ context, user, input }): Promise<TransferListData> {
      return listTicketTransfers(context.db, user.id, {
        direction: input.direction,
        page: input.page,
        pageSize: input.page_size,
      });
    },
  }),
];
