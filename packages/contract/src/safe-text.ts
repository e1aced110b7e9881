/**
 * The one rule for text a request carries: no control characters and no broken characters. PostgreSQL
 * refuses U+0000 in a text column (the request would fail as a server error), other controls are
 * never typed by a person and break files and logs, and a lone UTF-16 surrogate would be stored as
 * U+FFFD, silently changed. Tab, line feed and carriage return stay allowed. Text is refused with a
 * message naming the field, never silently cleaned.
 */
import { z } from 'zod';

/** C0 controls except tab, LF and CR; DEL; C1 controls; and a surrogate not part of a pair. */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's purpose
const forbiddenCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` may not be stored ("contains a control character (U+0000)"), or undefined when it may. */
export function findTextProblem(text: string): string | undefined {
  const match = forbiddenCharacter.exec(text);
  if (!match) return undefined;
  const code = match[0].charCodeAt(0);
  const unicode = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code >= 0xd800 && code <= 0xdfff ? `contains a broken character (${unicode} without its pair)` : `contains a control character (${unicode})`;
}

/** The name a message gives a field: the last named step of its path ("typeKey" of entries.3.typeKey). */
export function fieldNameOf(path: readonly PropertyKey[] | undefined, fallback = 'text'): string {
  const named = [...(path ?? [])].reverse().find((step) => typeof step === 'string');
  return typeof named === 'string' ? named : fallback;
}

/** The check itself, one instance, so a test can find it on every text field of every request. */
export const noForbiddenCharacters = z.refine<string>((text) => findTextProblem(text) === undefined, {
  error: (issue) => `The ${fieldNameOf(issue.path)} ${findTextProblem(issue.input as string) ?? 'is not valid text'}; remove it and try again.`,
});

/**
 * Text in a request. Every free-text field of the contract starts from it (`safeTextSchema.trim().max(100)`)
 * instead of `z.string()`; it checks the text as sent, before any trim.
 */
export const safeTextSchema = z.string().check(noForbiddenCharacters);
