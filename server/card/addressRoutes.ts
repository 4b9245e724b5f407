// /api/v1/visa/*: delivery addresses (contract/api/card/addresses.ts). Every id is looked up
// with the session's user, so another user's address answers exactly like a missing one.
import {
  addressEndpoints,
  type AddressListData,
  type DeliveryAddress,
} from '../../contract/api/card/addresses.ts';
import { defineRoute, type Route } from '../http/route.ts';
import {
  addAddress,
  addressWire,
  deleteAddress,
  editAddress,
  findOwnAddress,
  listAddresses,
} from './addresses.ts';
import { pageOf } from './lists.ts';

const deleted = null;

export const addressRoutes: Route[] = [
  defineRoute({
    endpoint: addressEndpoints.addAddress,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return addAddress(
        context.db,
        user.id,
        input,
        context.now(),
        context.settings.card.maxAddressesPerUser,
      );
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.editAddress,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return editAddress(context.db, user.id, BigInt(input.id), input, context.now());
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.addressDetail,
    async handler({ context, user, input }): Promise<DeliveryAddress> {
      return addressWire(await findOwnAddress(context.db, user.id, BigInt(input.id)));
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.addressList,
    async handler({ context, user, input }): Promise<AddressListData> {
      return listAddresses(context.db, user.id, pageOf(input));
    },
  }),
  defineRoute({
    endpoint: addressEndpoints.deleteAddress,
    async handler({ context, user, input }): Promise<null> {
      await deleteAddress(context.db, user.id, BigInt(input.id), context.now());
      return deleted;
    },
  }),
];
