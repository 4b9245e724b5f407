// What every request does first, in one hook (the first of all): its language and id, the
// shedding of an overloaded server, the security headers, and the host check. One hook, not
// one each: every hook Fastify runs costs a call and, written async, a promise per request,
// and the site worked out once serves both the headers and the check.
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domainError.ts';
import { localeFromLangHeader } from '../i18n/requestLocale.ts';
import type { HttpContext } from './httpContext.ts';
import { isOverloaded, serverBusy, type EventLoopMonitor } from './loadShedding.ts';
import { siteOf } from './origin.ts';
import { REQUEST_ID_HEADER } from './requestId.ts';
import { answerHeaderSets, isApiPath, type SecurityHeaderSettings } from './securityHeaders.ts';

export interface RequestStartOptions {
  context: HttpContext;
  monitor: EventLoopMonitor;
  headerSettings: SecurityHeaderSettings;
  /** Requests answered whatever their Host, and even when overloaded (a balancer's probes). */
  isOperatorPath: (url: string) => boolean;
}

export function installRequestStart(app: FastifyInstance, options: RequestStartOptions): void {
  const { context, monitor, headerSettings, isOperatorPath } = options;
  const { maxEventLoopLagMs } = context.settings.operations;
  const { publicUrl } = headerSettings;
  const headersFor = answerHeaderSets(headerSettings);
  app.addHook('onRequest', (request, reply, done) => {
    // So that every refusal is in the user's language and carries the request's id.
    request.locale = localeFromLangHeader(request.headers.lang);
    void reply.header(REQUEST_ID_HEADER, request.id);
    const { url } = request;
    // An overloaded server refuses here, before any other work.
    if (isOverloaded(monitor, maxEventLoopLagMs) && !isOperatorPath(url)) {
      context.metrics.loadShed();
      done(serverBusy());
      return;
    }
    // Set before any handler or error can answer; API answers carry personal data and
    // tokens, so no browser or proxy may keep them (no-store).
    const site = siteOf(request, publicUrl);
    void reply.headers(headersFor(site, isApiPath(url)));
    // A request whose site is unknown is refused before any route runs (origin.ts).
    if (!site && !isOperatorPath(url)) {
      done(new DomainError('host_not_allowed'));
      return;
    }
    done();
  });
}
