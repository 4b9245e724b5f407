// The site this server speaks for: the sign-in message's domain and URI, the realtime URL
// and every link the server writes. It comes from PUBLIC_URL; without it only loopback hosts
// are served (a development set-up), so a request's Host header can never name the site:
// otherwise a phishing site's backend could obtain a sign-in message for its own domain.
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../domainError.ts';
import { isLoopbackHost } from '../loopbackHost.ts';
import { boundedMemo } from './boundedMemo.ts';

export interface Site {
  /** scheme://host[:port], no trailing slash */
  origin: string;
  /** host[:port], the SIWE domain */
  authority: string;
  /** 'https' or 'http' (loopback only) */
  scheme: string;
}

// RFC 3986 host[:port] as browsers send it: a bracketed IPv6 literal or a name, and a port.
const AUTHORITY = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+))(?::(\d{1,5}))?$/;
/** `authority` split into host and port if it is a well-formed host[:port], else null. */
export function parseAuthority(authority: string): { host: string; port: number | null } | null {
  const match = AUTHORITY.exec(authority);
  if (!match) return null;
  const [, ipv6, name, portText] = match;
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && port > 65_535) return null;
  if (ipv6 !== undefined) {
    try {
      new URL(`http://[${ipv6}]/`);
    } catch {
      return null;
    }
    return { host: `[${ipv6}]`, port };
  }
  return { host: name!, port };
}

export function siteFromUrl(url: string): Site {
  const parsed = new URL(url);
  return { origin: parsed.origin, authority: parsed.host, scheme: parsed.protocol.slice(0, -1) };
}

/**
 * The site for this request: PUBLIC_URL when set, else the request's own loopback origin,
 * else null (the Host header is malformed or names another machine).
 */
export function siteOf(request: FastifyRequest, publicUrl: string | null): Site | null {
  // Asked by the first hook, the security headers and routes alike: worked out once each.
  if (request.site !== undefined) return request.site;
  const site = publicUrl
    ? knownSite(publicUrl, () => Object.freeze(siteFromUrl(publicUrl)))
    : requestSite(request.protocol, request.host ?? '', () => loopbackSite(request));
  request.site = site;
  return site;
}

/**
 * Without PUBLIC_URL, the site of a protocol and Host: the last one asked for is compared
 * first (a server's requests nearly all name the same), so most requests build and hash no
 * key string.
 */
function requestSite(protocol: string, host: string, find: () => Site | null): Site | null {
  if (protocol === last.protocol && host === last.host) return last.site;
  const site = knownSite(`${protocol} ${host}`, () => {
    const found = find();
    return found && Object.freeze(found);
  });
  last = { protocol, host, site };
  return site;
}
let last: { protocol: string; host: string; site: Site | null } = {
  protocol: '',
  host: '',
  site: null,
};

// Every request asks.
const knownSite = boundedMemo<Site | null>(64);

function loopbackSite(request: FastifyRequest): Site | null {
  const authority = parseAuthority(request.host ?? '');
  if (!authority || !isLoopbackHost(authority.host)) return null;
  return siteFromUrl(`${request.protocol}://${request.host}`);
}

/** As siteOf, but a refused host is a 400 `host_not_allowed` in the usual format. */
export function requireSite(request: FastifyRequest, publicUrl: string | null): Site {
  const site = siteOf(request, publicUrl);
  if (!site) throw new DomainError('host_not_allowed');
  return site;
}

/**
 * The site of a socket's upgrade request, for which no Fastify request exists: as siteOf,
 * from the Host header.
 */
export function siteOfUpgrade(request: IncomingMessage, publicUrl: string | null): Site | null {
  if (publicUrl) return siteFromUrl(publicUrl);
  const host = request.headers.host ?? '';
  const authority = parseAuthority(host);
  if (!authority || !isLoopbackHost(authority.host)) return null;
  const scheme = (request.socket as TLSSocket).encrypted ? 'https' : 'http';
  return siteFromUrl(`${scheme}://${host}`);
}

/**
 * Whether a page at `origin` may open `site`'s socket: the site's own pages, and without
 * PUBLIC_URL (development) any page on this machine, like a dev server on another port. A
 * client that sends no Origin is no browser page (a browser always sends one).
 */
export function originAllowed(
  origin: string | undefined,
  site: Site,
  publicUrl: string | null,
): boolean {
  if (origin === undefined) return true;
  if (publicUrl) return origin === site.origin;
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** ws(s)://host[:port] of the realtime hub for `site`. */
export function realtimeOrigin(site: Site): string {
  return `${site.scheme === 'https' ? 'wss' : 'ws'}://${site.authority}`;
}
