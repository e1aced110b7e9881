import { describe, expect, it } from 'vitest';
import { decodeHead, decodeText } from './decode-text';

async function decodeAll(chunks: Uint8Array[]) {
  let text = '';
  const encodings = new Set<string>();
  for await (const c of decodeText(chunks)) {
    text += c.text;
    encodings.add(c.encoding);
  }
  return { text, encodings: [...encodings] };
}
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('decodeText', () => {
  it('removes a UTF-8 BOM', async () => {
    expect((await decodeAll([Uint8Array.of(0xef, 0xbb, 0xbf, 0x61)])).text).toBe('a');
  });

  it('keeps a multi-byte character split across chunks', async () => {
    const bytes = utf8('Brutto €');
    const parts = [bytes.subarray(0, 8), bytes.subarray(8, 9), bytes.subarray(9)];
    expect((await decodeAll(parts)).text).toBe('Brutto €');
  });

  it('falls back to Windows-1252 for invalid UTF-8 (a Latin-1 export)', async () => {
    const latin1 = Uint8Array.of(0x47, 0x65, 0x62, 0xfc, 0x68, 0x72, 0x20, 0x80); // "Gebühr €"
    expect(await decodeAll([latin1])).toEqual({ text: 'Gebühr €', encodings: ['windows-1252'] });
  });

  it('reads UTF-16 LE and BE with a BOM', async () => {
    expect((await decodeAll([Uint8Array.of(0xff, 0xfe, 0x61, 0, 0x62, 0)])).text).toBe('ab');
    expect((await decodeAll([Uint8Array.of(0xfe, 0xff, 0, 0x61), Uint8Array.of(0, 0x62)])).text).toBe('ab');
  });

  it('decodes a head for detection with the same rules', () => {
    expect(decodeHead(Uint8Array.of(0xef, 0xbb, 0xbf, 0x78))).toBe('x');
    expect(decodeHead(Uint8Array.of(0x47, 0xfc, 0x68))).toBe('Güh');
  });
});
