import { describe, expect, it } from 'vitest';
import {
  brandMatcher,
  escapeHtml,
  highlightText,
  isSafeUrl,
  markSpans,
  splitHighlights,
  splitMarked,
  stripMarks,
  usableSpans,
} from '../../../src-renderer/src/markdown/text-safety';

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe(
      '&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;',
    );
  });
});

describe('isSafeUrl', () => {
  it('keeps http, https and mailto links', () => {
    expect(isSafeUrl('https://example.com/a?b=1')).toBe(true);
    expect(isSafeUrl('HTTP://EXAMPLE.COM')).toBe(true);
    expect(isSafeUrl('mailto:a@b.c')).toBe(true);
  });

  it('refuses script and data schemes, also when disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
    ])
      expect(isSafeUrl(href), href).toBe(false);
  });

  it('refuses relative and empty links (they would resolve against the app)', () => {
    expect(isSafeUrl('/settings')).toBe(false);
    expect(isSafeUrl('#x')).toBe(false);
    expect(isSafeUrl('')).toBe(false);
    expect(isSafeUrl(null)).toBe(false);
  });
});

describe('brand form highlighting', () => {
  it('marks every form case-insensitively and gives the text back unchanged when joined', () => {
    const text = 'Ozon и OZON Bank лучше, чем Wildberries; ozon — тоже.';
    const segments = splitHighlights(text, brandMatcher(['Ozon', 'Ozon Bank']));
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['Ozon', 'OZON Bank', 'ozon']);
  });

  it('never marks a form inside a longer word', () => {
    const marked = splitHighlights('Ozone layer, Ozon.', brandMatcher(['Ozon']))
      .filter((s) => s.mark)
      .map((s) => s.text);
    expect(marked).toEqual(['Ozon']);
  });

  it('handles Cyrillic inflected forms as separate forms', () => {
    const html = highlightText('Купил в Ромашке, Ромашка хорошая', ['Ромашке', 'Ромашка']);
    expect(html).toBe('Купил в <mark>Ромашке</mark>, <mark>Ромашка</mark> хорошая');
  });

  it('escapes text around and inside the marks, and regex characters in forms', () => {
    expect(highlightText('<b>C++</b> & C++ fans', ['C++'])).toBe(
      '&lt;b&gt;<mark>C++</mark>&lt;/b&gt; &amp; <mark>C++</mark> fans',
    );
  });

  it('returns plain text when there is nothing to highlight', () => {
    expect(brandMatcher(['', '  '])).toBeNull();
    expect(splitHighlights('abc', null)).toEqual([{ text: 'abc', mark: false }]);
  });
});

describe('evidence marks (offsets through markdown)', () => {
  const text = '1. **Globex** — fast.\n2. **Acme** — cheap; Acme’s support is good.';
  const at = (word: string, from = 0) => {
    const start = text.indexOf(word, from);
    return { start, end: start + word.length };
  };

  it('keeps spans in text order, drops overlapping and out-of-range ones', () => {
    const a = at('Globex');
    const b = at('Acme');
    expect(
      usableSpans(
        [b, a, { start: a.start + 1, end: a.end + 3 }, { start: 5, end: 5 }, { start: 0, end: 999 }],
        text.length,
      ),
    ).toEqual([a, b]);
  });

  it('marks spans so that splitting gives back the text with each piece tied to its span', () => {
    const spans = usableSpans([at('Globex'), at('Acme'), at('Acme’s', 40)], text.length);
    const marked = markSpans(text, spans);
    expect(stripMarks(marked)).toBe(text);
    const { segments, open } = splitMarked(marked, null);
    expect(open).toBeNull();
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.span !== null).map((s) => [s.span, s.text])).toEqual([
      [0, 'Globex'],
      [1, 'Acme'],
      [2, 'Acme’s'],
    ]);
  });

  it('carries a span across text nodes and tolerates a lost opening mark', () => {
    const marked = markSpans('Acme rocks', [{ start: 0, end: 4 }]);
    const opening = marked.slice(0, 3); // the mark and its index, as if markup split the text here
    const first = splitMarked(`${opening}Ac`, null);
    expect(first).toEqual({ segments: [{ text: 'Ac', span: 0 }], open: 0 });
    const second = splitMarked(marked.slice(5), first.open);
    expect(second.segments).toEqual([
      { text: 'me', span: 0 },
      { text: ' rocks', span: null },
    ]);
    // An index character without its opening mark is dropped, never shown or trusted.
    expect(splitMarked(`x${marked.slice(1, 3)}y`, null).segments).toEqual([{ text: 'xy', span: null }]);
  });

  it('cannot be forged by an answer: marks already in the text become U+FFFD', () => {
    const hostile = 'a\uE000\uE100\uE100evil\uE001 Acme';
    const marked = markSpans(hostile, [{ start: hostile.indexOf('Acme'), end: hostile.length }]);
    const { segments } = splitMarked(marked, null);
    expect(segments).toEqual([
      { text: 'a\uFFFD\uFFFD\uFFFDevil\uFFFD ', span: null },
      { text: 'Acme', span: 0 },
    ]);
  });
});
