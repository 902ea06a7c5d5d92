/**
 * Renders an AI answer (untrusted markdown) as safe HTML with the brand forms highlighted.
 *
 * Order matters: markdown → HTML (marked), then DOMPurify removes scripts, event handlers,
 * styles and unsafe URLs, then brand forms are wrapped in <mark> by walking the *sanitized*
 * DOM's text nodes — so highlighting can never split a tag or an entity, and never adds markup
 * that skipped the sanitizer (marks are created as elements, not parsed from strings).
 *
 * Needs a DOM (the browser window); the pure parts live in text-safety.ts.
 */
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { Marked } from 'marked';
import { brandMatcher, isSafeUrl, splitHighlights } from './text-safety';

const marked = new Marked({ gfm: true, breaks: true, async: false });

/** What markdown produces and an answer may keep. No img (remote images track the reader). */
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'align', 'start'];

let purifier: DOMPurify | null = null;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const link = node as Element;
    if (!isSafeUrl(link.getAttribute('href'))) link.removeAttribute('href');
    // External links open outside the app, and the opened page gets no handle back to it.
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = instance;
  return instance;
}

/** Wraps brand forms in <mark> inside every text node of `root` (code blocks included). */
function highlightBrandForms(root: Node, forms: readonly string[]): void {
  const matcher = brandMatcher(forms);
  if (!matcher) return;
  const doc = root.ownerDocument ?? document;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) textNodes.push(node as Text);
  for (const node of textNodes) {
    const segments = splitHighlights(node.data, matcher);
    if (!segments.some((s) => s.mark)) continue;
    const replacement = doc.createDocumentFragment();
    for (const segment of segments) {
      if (!segment.mark) {
        replacement.appendChild(doc.createTextNode(segment.text));
        continue;
      }
      const mark = doc.createElement('mark');
      mark.className = 'brand-form';
      mark.textContent = segment.text;
      replacement.appendChild(mark);
    }
    node.replaceWith(replacement);
  }
}

/** Safe HTML for `v-html`: sanitized markdown of the answer, brand forms in <mark class="brand-form">. */
export function renderAnswer(
  markdown: string | null | undefined,
  occurrences: readonly string[] = [],
): string {
  if (!markdown) return '';
  const html = marked.parse(markdown) as string;
  const fragment = getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  highlightBrandForms(fragment, occurrences);
  const box = document.createElement('div');
  box.appendChild(fragment);
  return box.innerHTML;
}
