import { describe, expect, it } from 'vitest';
import {
  brandMatcher,
  escapeHtml,
  highlightText,
  isSafeUrl,
  splitHighlights,
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
