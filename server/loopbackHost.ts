// Whether a host is this machine: the settings (config.ts) allow plain HTTP only there, and
// the HTTP layer (http/origin.ts) serves only such hosts when no PUBLIC_URL names the site.
const IPV4_LOOPBACK = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** Whether `host` (a name or an IP, IPv6 with or without brackets) is this machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === 'localhost.') return true;
  if (IPV4_LOOPBACK.test(name)) return true;
  if (!name.includes(':')) return false;
  try {
    return new URL(`http://[${name}]/`).hostname === '[::1]';
  } catch {
    return false;
  }
}
