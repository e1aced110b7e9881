/**
 * Bytes to rows in one call: decodes the report's chunks (decodeText) and feeds a RowReader. What most
 * file parsers need; parsers that must look at the text first can use the two pieces directly.
 */
import { decodeText, type TextEncodingName } from './decode-text';
import { RowReader, type Delimiter, type RowReaderOptions, type RowReaderSummary } from './row-reader';

export interface DelimitedReadSummary extends RowReaderSummary {
  /** Encoding the text was read in (the last one if it switched); undefined for an empty file. */
  encoding: TextEncodingName | undefined;
  /** Delimiter used (given or sniffed); undefined for an empty file. */
  delimiter: Delimiter | undefined;
  /** Total bytes read. */
  byteCount: number;
}

export async function readDelimited(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: RowReaderOptions,
): Promise<DelimitedReadSummary> {
  const reader = new RowReader(options);
  let encoding: TextEncodingName | undefined;
  let byteCount = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      byteCount += chunk.length;
      yield chunk;
    }
  }
  for await (const decoded of decodeText(counted())) {
    encoding = decoded.encoding;
    reader.push(decoded.text);
    if (reader.isStopped) break; // do not read the rest of a 2 GB file that is not a report
  }
  const summary = reader.end();
  return { ...summary, encoding, delimiter: reader.delimiter, byteCount };
}
