/**
 * A document's first bytes match its extension, so a renamed executable is not served as a PDF.
 * Text types (CSV, TXT) are accepted when they hold no NUL byte in their first kilobyte.
 */
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((b, i) => bytes[i] === b);

export function isDocumentContentOfType(bytes: Uint8Array, extension: string): boolean {
  switch (extension) {
    case 'pdf':
      return startsWith(bytes, [0x25, 0x50, 0x44, 0x46]);
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'xlsx':
    case 'docx':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    case 'csv':
    case 'txt':
      return !bytes.subarray(0, 1024).includes(0);
    default:
      return false;
  }
}
