/** Opaque keyset cursor for the backend account list: the last row's (lower(name), key). */
import { AppError } from '../../http/app-error';

export function encodeCursor(name: string, key: string): string {
  return Buffer.from(JSON.stringify([name, key]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { name: string; key: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
      return { name: value[0], key: value[1] };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError('request.invalid', 'The cursor is not valid; use the cursor returned by the previous page.', [{ path: 'cursor', message: 'Not a cursor from this list.' }]);
}
