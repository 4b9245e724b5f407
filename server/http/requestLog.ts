// The request log line. Some URLs carry a secret in their path (a photo upload link is a
// bearer token: whoever holds it may PUT once); the log must not hold a usable copy, at any
// level. Paths under a secret prefix are logged with the rest of the path and any query
// string replaced by a marker.
export const REDACTED = '[redacted]';

export function loggableUrl(url: string, secretPrefixes: readonly string[]): string {
  // Case-blind: a wrongly cased path is refused, but its token is still the real one.
  const pathname = (url.split('?', 1)[0] ?? '').toLowerCase();
  for (const prefix of secretPrefixes) {
    if (pathname.startsWith(prefix.toLowerCase())) return `${prefix}${REDACTED}`;
  }
  return url;
}
