import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox('test-secret-of-this-installation');

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('refresh-token-abc123', 'connection:c1:credentials');
    expect(sealed).not.toContain('refresh-token-abc123');
    expect(box.open(sealed, 'connection:c1:credentials')).toBe('refresh-token-abc123');
  });

  it('seals the same text differently every time (random IV)', () => {
    expect(box.seal('x', 'p')).not.toBe(box.seal('x', 'p'));
  });

  it('refuses text sealed for another purpose or by another installation, and tampered text', () => {
    const sealed = box.sealJson({ accessToken: 'a' }, 'connection:c1:credentials');
    expect(() => box.open(sealed, 'connection:c2:credentials')).toThrow();
    expect(() => createSecretBox('another-secret').open(sealed, 'connection:c1:credentials')).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered, 'connection:c1:credentials')).toThrow();
    expect(box.openJson<{ accessToken: string }>(sealed, 'connection:c1:credentials').accessToken).toBe('a');
  });
});
