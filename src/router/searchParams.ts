// The URL's search, as people read and share it: `?ticket=1`, `?code=123456`, `?hash=0x…`.
// TanStack Router's default writes a string that looks like a number or JSON in quotes
// (`?ticket=%221%22`) and reads `?ticket=1` back as the number 1, which a route expecting an
// id as text then drops. Every search value here is text, so both sides keep it as text.

/** A link saved before carries a text in JSON quotes (`"1"`): read as the text inside. */
function unquoted(value: string): string {
  if (!/^".*"$/.test(value)) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}

export function parseSearch(searchStr: string): Record<string, string> {
  // No prototype: a key named `__proto__` is just a key.
  const search = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(searchStr)) {
    // The first of a repeated key, as the router's own reader does.
    if (!(key in search)) search[key] = unquoted(value);
  }
  return search;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
