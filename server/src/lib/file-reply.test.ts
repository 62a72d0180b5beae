import { contentDisposition } from './file-reply';

/** The value of `filename*` decoded as a browser does (RFC 5987). */
const extended = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)![1]!);
const fallback = (header: string) => /filename="([^"]*)"/.exec(header)![1];

describe('contentDisposition', () => {
  it('is inline or attachment with both filename forms', () => {
    expect(contentDisposition('plan.pdf', true)).toBe(`inline; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(contentDisposition('plan.pdf', false)).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
  });

  it('gives old clients an ASCII name and new ones the exact name', () => {
    const header = contentDisposition('Grundriss Küche – 東京.pdf', false);
    expect(fallback(header)).toBe('Grundriss Kuche _ __.pdf');
    expect(extended(header)).toBe('Grundriss Küche – 東京.pdf');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });

  it('cannot be broken out of: quotes, backslashes, semicolons, newlines and % stay inside', () => {
    const header = contentDisposition('a"b\\c;d\r\ne%41.txt', false);
    expect(fallback(header)).toBe('a_b_c;de_41.txt');
    expect(extended(header)).toBe('a"b\\c;de%41.txt');
    expect(header).not.toMatch(/[\r\n]/);
    // RFC 5987 attr-chars only in the extended value
    expect(/filename\*=UTF-8''(.*)$/.exec(header)![1]).toMatch(/^[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
  });

  it("escapes ' ( ) * which encodeURIComponent leaves", () => {
    expect(contentDisposition("it's (v2)*.txt", true)).toContain("filename*=UTF-8''it%27s%20%28v2%29%2A.txt");
  });

  it('never throws on a lone surrogate and never answers an empty name', () => {
    expect(extended(contentDisposition('a\ud800.txt', false))).toBe('a\ufffd.txt');
    expect(fallback(contentDisposition('東京', false))).toBe('__');
    expect(contentDisposition('', false)).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
