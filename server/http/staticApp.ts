// Serving the built app (dist/) from the same origin as the API: each of the app's own
// routes (appRoutes.ts) gets index.html, and the app's router takes it from there. Any other
// path is a 404: a browser's page gets the app page with that status (the app shows its
// not-found screen), anything else the API's JSON 404.
//
// The first visit should paint after one wave of requests, so index.html goes out with the
// runtime settings written into it (no /config.json round trip before the first render) and
// with modulepreload links for the home route and the catalog of the visitor's likely
// language. The plain home page also carries its first paint, home content included, and that
// content as data for the app, so its largest text needs no script and no API call; its
// scripts are asked for once that text has painted (staticAppBoot.ts).
// Assets go out as the brotli or gzip copies the build wrote beside them.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  INLINE_HOME_CONTENT_ELEMENT_ID,
  type HomePageContent,
} from '../../contract/api/content.ts';
import { INLINE_CONFIG_ELEMENT_ID, type RuntimeConfig } from '../../contract/api/runtimeConfig.ts';
import { pickInitialLocale, type Locale } from '../../contract/i18n/locales.ts';
import { ApiFailure } from './apiFailure.ts';
import { readAppPagePatterns } from './appRoutes.ts';
import { loadFirstPaint, newsDays, type RenderFirstPaint } from './firstPaint.ts';
import { jsonScript } from './jsonScript.ts';
import {
  APP_SCRIPTS_ELEMENT_ID,
  withBootScriptAllowed,
  withScriptsAfterPaint,
} from './staticAppBoot.ts';
import type { Replies } from './replies.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SERVER_PATHS = /^\/(api|admin)(\/|$)/;
const HOME_ROUTE = /^src\/routes\/\[index\]\.tsx/;
/** The page when the content could not be read: painted empty, the app asks for it. */
const UNREAD_CONTENT: HomePageContent = { home: { content: null, lang: null, updated_at: null } };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export type RuntimeConfigFor = (request: FastifyRequest) => RuntimeConfig;
/** The home content in a language, as GET /api/v1/content/home answers it. */
export type HomeContentFor = (locale: Locale) => Promise<HomePageContent>;

/** Sends the app page (index.html) for a request. */
export type AppPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

function cacheControlFor(root: string, file: string): string {
  // Vite puts content-hashed files under assets/: a new build gives them new names.
  if (path.relative(root, file).split(path.sep)[0] === 'assets') return IMMUTABLE;
  // Everything else (index.html, sw.js, the manifest, icons) keeps its name across
  // releases, so browsers revalidate it on each load: an old shell or service worker must
  // not outlive a deployment.
  return 'no-cache';
}

function readManifest(root: string): Manifest {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
  } catch {
    return {};
  }
}

/** The files a chunk needs that the entry does not already load. */
function chunkFiles(manifest: Manifest, key: string, alreadyLoaded: Set<string>): string[] {
  const files: string[] = [];
  const stack = [key];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const next = stack.pop()!;
    const chunk = manifest[next];
    if (!chunk || seen.has(next) || alreadyLoaded.has(next)) continue;
    seen.add(next);
    files.push(chunk.file);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}

/** The style sheets of a chunk and what it imports, for the first paint of its screen. */
function chunkStyleSheets(manifest: Manifest, key: string): string[] {
  const sheets = new Set<string>();
  const stack = [key];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const chunk = manifest[stack.pop()!];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    for (const sheet of chunk.css ?? []) sheets.add(sheet);
    stack.push(...(chunk.imports ?? []));
  }
  return [...sheets];
}

function entryClosure(manifest: Manifest): Set<string> {
  const loaded = new Set<string>();
  const stack = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (loaded.has(key) || !manifest[key]) continue;
    loaded.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return loaded;
}

function preloadLinks(files: string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
}

/** The browser's languages from Accept-Language, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The app's style sheet written into the page: painting waits for it, and inline it costs no
 * extra round trip (the CSP allows inline styles; a few KB compressed).
 */
function inlineStyleSheets(root: string, html: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => styleElement(root, file) ?? link,
  );
}

function styleElement(root: string, file: string): string | undefined {
  const css = path.join(root, file);
  if (!fs.existsSync(css)) return undefined;
  return `<style>${fs.readFileSync(css, 'utf8').replaceAll('</style', '<\\/style')}</style>`;
}

interface RenderedPage {
  html: string;
  /** Whether the page starts its scripts with the boot script (staticAppBoot.ts). */
  bootScript: boolean;
}

/** index.html text for one request: settings inlined, the likely next chunks preloaded. */
function pageRenderer(
  root: string,
  configFor: RuntimeConfigFor,
  renderFirstPaint: RenderFirstPaint | null,
  homeContentFor: HomeContentFor,
) {
  const template = inlineStyleSheets(root, fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
  const manifest = readManifest(root);
  const loaded = entryClosure(manifest);
  const homeKey = Object.keys(manifest).find((key) => HOME_ROUTE.test(key));
  const home = homeKey ? preloadLinks(chunkFiles(manifest, homeKey, loaded)) : '';
  // The home screen's own styles (marquee, content) come with its chunk; its first paint needs
  // them at once. The app adds the same sheet again when the chunk loads: same rules, no change.
  const homeStyles = homeKey
    ? chunkStyleSheets(manifest, homeKey)
        .map((file) => styleElement(root, file) ?? '')
        .join('')
    : '';
  const catalogLinks = new Map<string, string>();
  const catalogLink = (locale: Locale) => {
    let links = catalogLinks.get(locale);
    if (links === undefined) {
      const key = `locales/${locale}/messages.po?part=first`;
      links = manifest[key] ? preloadLinks(chunkFiles(manifest, key, loaded)) : '';
      catalogLinks.set(locale, links);
    }
    return links;
  };
  const headEnd = template.indexOf('</head>');
  const [before, after] =
    headEnd === -1 ? ['', template] : [template.slice(0, headEnd), template.slice(headEnd)];

  // The page for one copy of the content, kept as long as that copy (homeContentFor's).
  type Paint = { head: string; root: string };
  const paints = new WeakMap<HomePageContent, Map<Locale, Promise<Paint>>>();
  const paintOf = (content: HomePageContent, locale: Locale, request: FastifyRequest) => {
    let byLocale = paints.get(content);
    if (!byLocale) paints.set(content, (byLocale = new Map()));
    let paint = byLocale.get(locale);
    if (!paint) {
      const { home: data, marquee } = content;
      const inline = { locale, data, days: newsDays(data, locale), ...(marquee && { marquee }) };
      const head = homeStyles + jsonScript(INLINE_HOME_CONTENT_ELEMENT_ID, inline);
      paint = (renderFirstPaint?.(inline) ?? Promise.resolve('')).then(
        (markup) => ({ head, root: markup }),
        (error: unknown) => {
          // The page still goes out, painted by the app once its scripts run.
          request.log.error({ err: error }, 'the first paint could not be rendered');
          byLocale.delete(locale);
          return { head, root: '' };
        },
      );
      byLocale.set(locale, paint);
    }
    return paint;
  };
  const withFirstPaint = async (request: FastifyRequest, locale: Locale) => {
    try {
      return await paintOf(await homeContentFor(locale), locale, request);
    } catch (error) {
      // The page still goes out: the app fetches the content itself.
      request.log.warn({ err: error }, 'home content for the first paint could not be read');
      return paintOf(UNREAD_CONTENT, locale, request);
    }
  };

  return async (request: FastifyRequest): Promise<RenderedPage> => {
    // A saved language choice lives in the browser; the header is the best guess here.
    const locale = pickInitialLocale(null, acceptedLanguages(request.headers['accept-language']));
    const config = jsonScript(INLINE_CONFIG_ELEMENT_ID, configFor(request));
    const page = before + config + home + catalogLink(locale);
    // The plain home page, the usual first visit, paints before any script runs. (An invite
    // link or a return address shows other words: the app draws those.)
    const [pathname, query] = request.url.split('?');
    if ((pathname !== '/' && pathname !== '/index') || query)
      return { html: page + after, bootScript: false };
    const paint = await withFirstPaint(request, locale);
    const painted = page + paint.head + after;
    const html = (paint.root ? withScriptsAfterPaint(painted) : painted)
      .replace('<div id="root"></div>', `<div id="root">${paint.root}</div>`)
      .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
    return { html, bootScript: html.includes(APP_SCRIPTS_ELEMENT_ID) };
  };
}

/** Serves `distDir` when it holds a build; returns how to send the app page, or null. */
export async function serveBuiltApp(
  app: FastifyInstance,
  distDir: string,
  configFor: RuntimeConfigFor,
  homeContentFor: HomeContentFor,
): Promise<AppPage | null> {
  const root = path.resolve(distDir);
  if (!fs.existsSync(path.join(root, 'index.html'))) return null;
  const render = pageRenderer(root, configFor, await loadFirstPaint(root), homeContentFor);
  const sendPage: AppPage = async (request, reply) => {
    const page = await render(request);
    const policy = reply.getHeader('content-security-policy');
    if (page.bootScript && typeof policy === 'string')
      reply.header('content-security-policy', withBootScriptAllowed(policy));
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes .br and .gz copies beside each asset (vite.config.ts).
    preCompressed: true,
    setHeaders: (response, file) => {
      response.setHeader('cache-control', cacheControlFor(root, file));
      // Caches must keep the brotli, gzip and plain answers apart.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.get('/index.html', sendPage);
  for (const pattern of readAppPagePatterns()) app.get(pattern, sendPage);
  return sendPage;
}

/** A browser asking for a page (not a script, an API client or a monitoring probe). */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (SERVER_PATHS.test(request.url.split('?', 1)[0] ?? '/')) return false;
  return request.headers.accept?.includes('text/html') ?? false;
}

/** The route label (GET /metrics) of answers no route gave. */
export const NOT_FOUND_ROUTE = '(unmatched)';

export function installNotFoundHandler(
  app: FastifyInstance,
  replies: Replies,
  sendPage: AppPage | null,
): void {
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    request.routeLabel = NOT_FOUND_ROUTE;
    void reply.status(404);
    if (sendPage && wantsPage(request)) return sendPage(request, reply);
    return reply.send(replies.failure(request, new ApiFailure('not_found')));
  });
}
