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
import {
  brandMatcher,
  isSafeUrl,
  markSpans,
  splitHighlights,
  splitMarked,
  stripMarks,
  usableSpans,
  type OffsetSpan,
} from './text-safety';

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

function sanitizedFragment(markdown: string): DocumentFragment {
  const html = marked.parse(markdown) as string;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
}

function toHtml(fragment: DocumentFragment): string {
  const box = document.createElement('div');
  box.appendChild(fragment);
  return box.innerHTML;
}

/** Safe HTML for `v-html`: sanitized markdown of the answer, brand forms in <mark class="brand-form">. */
export function renderAnswer(
  markdown: string | null | undefined,
  occurrences: readonly string[] = [],
): string {
  if (!markdown) return '';
  const fragment = sanitizedFragment(markdown);
  highlightBrandForms(fragment, occurrences);
  return toHtml(fragment);
}

export interface HighlightSpan extends OffsetSpan {
  kind: 'brand' | 'competitor';
}

const BLOCKS = new Set(['P', 'LI', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'PRE', 'BLOCKQUOTE']);

function blockOf(node: Node, root: Node): Node {
  for (let n = node.parentNode; n && n !== root; n = n.parentNode) if (BLOCKS.has(n.nodeName)) return n;
  return root;
}

/**
 * Safe HTML for `v-html` with evidence spans (offsets into the raw answer) highlighted: each span
 * becomes `<mark class="ev ev-brand brand-form|ev ev-competitor" data-ev="i" tabindex="0" role="button">`,
 * where `i` indexes the returned `spans` (the usable ones, in text order). See text-safety.ts for
 * how offsets survive markdown; the marks are elements made here, after the sanitizer, with
 * their text set as text. A span crossing inline markup is marked piece by piece; one never
 * reaches past its block (paragraph, list item, cell, heading).
 */
export function renderAnswerWithEvidence(
  markdown: string | null | undefined,
  spans: readonly HighlightSpan[],
): { html: string; spans: HighlightSpan[] } {
  if (!markdown) return { html: '', spans: [] };
  const usable = usableSpans(spans, markdown.length);
  const fragment = sanitizedFragment(markSpans(markdown, usable));
  const doc = fragment.ownerDocument ?? document;

  // Marks never belong in attribute values (a link title naming the brand): drop them there.
  for (const element of Array.from(fragment.querySelectorAll('*'))) {
    for (const attr of Array.from(element.attributes)) {
      const clean = stripMarks(attr.value);
      if (clean !== attr.value) element.setAttribute(attr.name, clean);
    }
    if (element.nodeName === 'A' && element.hasAttribute('href') && !isSafeUrl(element.getAttribute('href')))
      element.removeAttribute('href');
  }

  const walker = doc.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) textNodes.push(node as Text);
  let open: number | null = null;
  let openBlock: Node | null = null;
  for (const node of textNodes) {
    const block = blockOf(node, fragment);
    if (block !== openBlock) open = null;
    const { segments, open: stillOpen } = splitMarked(node.data, open);
    const plain = segments.length === 1 && segments[0].span === null && segments[0].text === node.data;
    if (!plain) {
      const replacement = doc.createDocumentFragment();
      for (const segment of segments) {
        const span = segment.span === null ? undefined : usable[segment.span];
        if (!span) {
          replacement.appendChild(doc.createTextNode(segment.text));
          continue;
        }
        const mark = doc.createElement('mark');
        // A brand span is also a `brand-form`, as the highlight without evidence calls it.
        mark.className = span.kind === 'brand' ? 'ev ev-brand brand-form' : 'ev ev-competitor';
        mark.setAttribute('data-ev', String(segment.span));
        mark.setAttribute('tabindex', '0');
        mark.setAttribute('role', 'button');
        mark.textContent = segment.text;
        replacement.appendChild(mark);
      }
      node.replaceWith(replacement);
    }
    open = stillOpen;
    openBlock = block;
  }
  return { html: toHtml(fragment), spans: usable };
}
