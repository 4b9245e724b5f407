export {
  INT64_MAX,
  INT64_MIN,
  amountFromUnits,
  isInt64,
  toDecimalString,
  unitsOf,
  type Amount,
} from './amount.ts';
export {
  AmountParseError,
  parseAmount,
  parseAssetAmount,
  type AmountParseFailure,
  type ParseAmountOptions,
} from './parseAmount.ts';
export { DISPLAY_DECIMALS, formatAmount, type FormatAmountOptions } from './formatAmount.ts';
