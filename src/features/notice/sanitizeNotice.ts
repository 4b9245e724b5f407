// Notice bodies are operator HTML. Before it reaches the page, DOMPurify keeps only plain
// formatting: no script, event handler, `javascript:` (or any non-web) URL, form, frame,
// SVG/MathML or style survives. Images load lazily and only from the allowed origins (the
// CSP's img-src: the app's own); links open in a new tab without the opener.
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'div',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'lang', 'dir'];
// A web or mail URL, or a relative one (no scheme): DOMPurify's default rule without the
// other schemes it allows (ftp, tel, …).
const WEB_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

export function sanitizeNotice(html: string, allowedImageOrigins: readonly string[]): string {
  const purifier = DOMPurify();
  // Without the DOM it needs, DOMPurify returns its input untouched: show text instead.
  if (!purifier.isSupported) return escapeText(html);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A') {
      const href = element.getAttribute('href');
      if (href !== null && !isWebUrl(href)) element.removeAttribute('href');
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
    if (element.tagName === 'IMG') {
      const src = element.getAttribute('src');
      if (!src || !allowedImageOrigins.includes(originOf(src))) {
        element.remove();
        return;
      }
      element.setAttribute('loading', 'lazy');
      element.setAttribute('decoding', 'async');
      element.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: WEB_URL,
  });
}

function isWebUrl(url: string): boolean {
  return WEB_URL.test(url.trim());
}

function originOf(url: string): string {
  try {
    const parsed = new URL(url, document.baseURI);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : 'null';
  } catch {
    return 'null';
  }
}

function escapeText(text: string): string {
  const node = document.createElement('p');
  node.textContent = text;
  return node.outerHTML;
}
