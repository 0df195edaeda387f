import { describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from '../../server/render/serialize';
import { safeExternalUrl } from '../../shared/safe-url';

describe('serialization for the document', () => {
  it('keeps a value from closing the JSON script element', () => {
    const text = scriptJson({ q: '</script><script>alert(1)</script>', s: '\u2028' });
    expect(text).not.toContain('<');
    expect(text).not.toContain('>');
    expect(JSON.parse(text)).toEqual({ q: '</script><script>alert(1)</script>', s: '\u2028' });
  });

  it('escapes text for HTML', () => {
    expect(escapeHtml(`"a" & <b> 'c'`)).toBe('&quot;a&quot; &amp; &lt;b&gt; &#39;c&#39;');
  });
});

describe('URLs from content', () => {
  it('lets web, mail and phone links through and nothing else', () => {
    expect(safeExternalUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeExternalUrl('mailto:info@example.com')).toBe('mailto:info@example.com');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl(' JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
    expect(safeExternalUrl('vbscript:x')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
  });
});
