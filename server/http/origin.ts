// The site this server speaks for: the sign-in message's domain and URI, the realtime URL
// and every link the server writes. It comes from PUBLIC_URL; without it only loopback hosts
// are served (a development set-up), so a request's Host header can never name the site:
// otherwise a phishing site's backend could obtain a sign-in message for its own domain.
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  return knownSite(publicUrl ?? `${request.protocol} ${request.host ?? ''}`, () => {
    const found = publicUrl ? siteFromUrl(publicUrl) : loopbackSite(request);
    return found && Object.freeze(found);
  });
}

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

/** ws(s)://host[:port] of the realtime hub for `site`. */
export function realtimeOrigin(site: Site): string {
  return `${site.scheme === 'https' ? 'wss' : 'ws'}://${site.authority}`;
}

/**
 * Refuses, before any route runs, a request whose site is unknown (see siteOf). `anyHost`
 * names requests answered whatever their Host (a balancer's probe names the address it
 * calls, not the site).
 */
export function installHostCheck(
  app: FastifyInstance,
  publicUrl: string | null,
  anyHost: (url: string) => boolean = () => false,
): void {
  app.addHook('onRequest', async (request) => {
    if (!anyHost(request.url)) requireSite(request, publicUrl);
  });
}
