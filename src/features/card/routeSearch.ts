// Search parameters of the card routes: an object id, or nothing.
const ID = /^[1-9]\d{0,17}$/;

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' && ID.test(value)
    ? value
    : typeof value === 'number' && Number.isSafeInteger(value) && value > 0
      ? String(value)
      : undefined;

export const idSearch = (search: Record<string, unknown>): { id?: string | undefined } => ({
  id: idOf(search.id),
});

export const reapplySearch = (
  search: Record<string, unknown>,
): { reapply?: string | undefined } => ({ reapply: idOf(search.reapply) });
