// Checking request input against the contract's valibot schemas. Bad input becomes a 400
// that names the field; it never reaches a handler, so it changes nothing.
import * as v from 'valibot';
import { ASSET_CODES, assetDecimals, type AssetCode } from '../../contract/api/assets.ts';
import { isApiErrorName } from '../../contract/api/errors.ts';
import { checkAmountText } from '../../contract/api/money.ts';
import { isValidAddress, toChecksumAddress } from '../../contract/wallet/address.ts';
import { DomainError } from '../domainError.ts';

// The amount_too_precise message names the decimals; every asset keeps the same number.
const MAX_DECIMALS = Math.max(...ASSET_CODES.map(assetDecimals));

export function parseInput<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const issues = result.issues.map((issue) => ({
    field: v.getDotPath(issue) ?? '',
    message: issue.message,
  }));
  const field = issues[0]?.field || 'request';
  // Contract schemas name a catalogue error in the message when the problem has its own
  // (e.g. invalid_tron_address, amount_too_precise); the rest are generic validation errors.
  const named = issues[0]?.message;
  if (isApiErrorName(named)) {
    throw new DomainError(named, {
      values: { field, decimals: MAX_DECIMALS },
      data: { field, issues },
    });
  }
  throw new DomainError('validation', { values: { field }, data: { field, issues } });
}

/** The EIP-55 form of a wallet address from the request; 400 `invalid_address` if it is not one. */
export function parseAddress(value: string): string {
  if (!isValidAddress(value))
    throw new DomainError('invalid_address', { data: { field: 'address' } });
  return toChecksumAddress(value);
}

/** A positive amount of `asset` from the request, in units; a clear 400 otherwise. */
export function parsePositiveAmount(text: string, asset: AssetCode): bigint {
  const decimals = assetDecimals(asset);
  const check = checkAmountText(text, decimals);
  if (!check.ok)
    throw new DomainError(check.error, { values: { decimals }, data: { field: 'amount' } });
  return check.units;
}
