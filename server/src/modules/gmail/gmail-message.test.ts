import { emailBlockSchema, renderEmailHtml } from '@atrium/domain-comms/schemas';
import { blockRemoteImages, sanitizeEmailHtml } from './gmail-message';

const blocks = [
  { id: 'h', type: 'heading', text: 'Spring offer', level: 1, align: 'center' },
  { id: 't', type: 'text', html: '<p>Hello <b>Grace</b></p>', align: 'left' },
  {
    id: 'b',
    type: 'button',
    label: 'Book a visit',
    url: 'https://studio.example/book',
    color: '#228be6',
    align: 'center',
  },
  { id: 'i', type: 'image', src: 'http://cdn.studio.example/kitchen.jpg', alt: 'Kitchen', width: 600, align: 'center' },
  { id: 'd', type: 'divider' },
  { id: 's', type: 'spacer', height: 24 },
].map((b) => emailBlockSchema.parse(b));

describe('sanitizeEmailHtml', () => {
  it('keeps what the template renderer emits: the button’s background and shape, the 600 px column, http images', () => {
    const html = sanitizeEmailHtml(renderEmailHtml(blocks));
    // The call to action is not white on white.
    expect(html).toMatch(/<a [^>]*style="[^"]*background:#228be6[^"]*color:#ffffff/);
    expect(html).toMatch(/<a [^>]*style="[^"]*display:inline-block[^"]*border-radius:6px/);
    // The centred column and its backgrounds.
    expect(html).toContain('background:#f1f3f5');
    expect(html).toMatch(/max-width:600px;margin:0 auto;background:#ffffff/);
    // Fonts, line heights, the divider and the spacer.
    expect(html).toContain('font-family:Arial,Helvetica,sans-serif');
    expect(html).toContain('line-height:1.5');
    expect(html).toContain('border-top:1px solid #dee2e6');
    expect(html).toContain('height:24px');
    // The image keeps its http source and its responsive style.
    expect(html).toMatch(
      /<img src="http:\/\/cdn\.studio\.example\/kitchen\.jpg"[^>]*style="max-width:100%;height:auto;border:0"/,
    );
  });

  it('still drops what is not safe: scripts, handlers, javascript: and data: links, url() and expression() in styles, positioning', () => {
    const html = sanitizeEmailHtml(
      '<div style="background:url(https://t.example/p.gif);position:fixed;top:0;color:red">a</div>' +
        '<p style="width:expression(alert(1));background-image:url(x);behavior:url(x.htc)">b</p>' +
        '<span style="font-family:&quot;x&quot;;background:#fff url(https://t.example/q.gif)">c</span>' +
        '<img src="data:image/png;base64,AAAA" onerror="alert(1)"><a href="javascript:alert(1)">d</a><script>alert(1)</script>',
    );
    expect(html).not.toMatch(/url\(|expression|position|behavior|javascript:|data:|onerror|script|top:0/);
    expect(html).toContain('color:red');
  });
});

describe('blockRemoteImages', () => {
  it('keeps a received email’s remote images from loading until asked: the source moves to data-remote-src', () => {
    const stored = sanitizeEmailHtml(
      '<p>Hi</p><img src="https://track.example/pixel.gif?u=1&amp;v=2" width="1"><img src="cid:logo@x" alt="logo">',
    );
    const { html, remoteImages } = blockRemoteImages(stored);
    expect(remoteImages).toBe(1);
    expect(html).not.toMatch(/\ssrc="https:/);
    expect(html).toContain('data-remote-src="https://track.example/pixel.gif?u=1&amp;v=2"');
    expect(html).toContain('<p>Hi</p>');
    expect(blockRemoteImages('<p>No images</p>')).toEqual({ html: '<p>No images</p>', remoteImages: 0 });
  });
});
