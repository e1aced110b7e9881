/**
 * Streaming byte decoding for channel reports. Channels send UTF-8 (with or without BOM), UTF-16 (Excel
 * "Unicode text" with a BOM) and, for older European exports, Windows-1252/ISO-8859-1. We cannot ask
 * the user, so: a UTF-16 BOM wins; otherwise UTF-8 is tried strictly and, from the first chunk that is
 * not valid UTF-8, the rest of the file is read as Windows-1252 (a superset of Latin-1 for printable
 * text). Earlier chunks were valid UTF-8, so nothing already emitted changes meaning.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedChunk {
  text: string;
  /** Encoding used for this chunk (changes at most once, from utf-8 to windows-1252). */
  encoding: TextEncodingName;
}

/** Number of bytes at the end of `bytes` that start an incomplete UTF-8 sequence (0..3). */
function incompleteUtf8Tail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const b = bytes[n - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Decodes a stream of byte chunks into text chunks, removing any byte-order mark. Chunk boundaries may
 * fall anywhere (inside a multi-byte character too).
 */
export async function* decodeText(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): AsyncGenerator<DecodedChunk, void, undefined> {
  let encoding: TextEncodingName | undefined;
  let head: Uint8Array = new Uint8Array(0); // bytes held until we know the encoding / a character is complete
  const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let streaming: InstanceType<typeof TextDecoder> | undefined; // for utf-16 and windows-1252

  const emit = (bytes: Uint8Array, isLast: boolean): string => {
    if (encoding === 'utf-8') {
      const tail = isLast ? 0 : incompleteUtf8Tail(bytes);
      const body = tail === 0 ? bytes : bytes.subarray(0, bytes.length - tail);
      try {
        const text = strictUtf8.decode(body);
        head = tail === 0 ? new Uint8Array(0) : bytes.slice(bytes.length - tail);
        return text;
      } catch {
        encoding = 'windows-1252';
        streaming = new TextDecoder('windows-1252');
      }
    }
    head = new Uint8Array(0);
    return streaming!.decode(bytes, { stream: !isLast });
  };

  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    let bytes = concatBytes(head, chunk);
    if (encoding === undefined) {
      if (bytes.length < 3 && (bytes[0] === 0xef || bytes[0] === 0xfe || bytes[0] === 0xff)) {
        head = bytes; // a BOM may still be arriving
        continue;
      }
      if (bytes[0] === 0xff && bytes[1] === 0xfe) {
        encoding = 'utf-16le';
        bytes = bytes.subarray(2);
      } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
        encoding = 'utf-16be';
        bytes = bytes.subarray(2);
      } else {
        encoding = 'utf-8';
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      if (encoding !== 'utf-8') streaming = new TextDecoder(encoding);
    }
    const text = emit(bytes, false);
    if (text.length > 0) yield { text, encoding };
  }
  if (encoding === undefined) {
    if (head.length === 0) return;
    encoding = 'utf-8';
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) head = head.subarray(3);
  }
  const last = emit(head, true);
  if (last.length > 0) yield { text: last, encoding };
}

/** Decodes the first bytes of a file for format detection (same rules, not streaming). */
export function decodeHead(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start, bytes.length - incompleteUtf8Tail(bytes));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
