import { SealedText } from './sealed-text';

describe('SealedText (AES-256-GCM at rest)', () => {
  const box = new SealedText('a-test-secret-of-enough-length', 'google-tokens');

  it('round-trips, never stores the plain text, and uses a fresh IV each time', () => {
    const a = box.seal('1//refresh-token', 'row-1');
    const b = box.seal('1//refresh-token', 'row-1');
    expect(a).not.toContain('refresh');
    expect(a).not.toBe(b);
    expect(box.open(a, 'row-1')).toBe('1//refresh-token');
  });

  it('refuses another row, another secret and an altered value', () => {
    const sealed = box.seal('token', 'row-1');
    expect(box.open(sealed, 'row-2')).toBeNull();
    expect(new SealedText('another-secret-of-enough-length', 'google-tokens').open(sealed, 'row-1')).toBeNull();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(box.open(parts.join('.'), 'row-1')).toBeNull();
    expect(box.open('garbage', 'row-1')).toBeNull();
  });
});
