// The operator's lists show whose each row is: the row as its owner sees it, and the owner's
// wallet address beside it.
import * as v from 'valibot';

export function withOwnerAddress<TEntries extends v.ObjectEntries>(
  schema: v.ObjectSchema<TEntries, undefined>,
) {
  return v.object({ ...schema.entries, user_address: v.string() });
}
