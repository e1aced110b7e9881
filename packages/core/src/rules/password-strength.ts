/**
 * The password rule of sign-up, reset and change (issue 15). Length is what makes a password hard to
 * guess, so the rule asks for length and a little variety, and refuses the guesses an attacker tries
 * first: the person's own email or name, and one character or a short run repeated. The web page
 * shows PASSWORD_RULE_TEXT beside the field and checks as the person types; the server checks again.
 */

export const PASSWORD_LENGTH_MIN = 10;
export const PASSWORD_LENGTH_MAX = 200;

/** The rule in one sentence, as the sign-up page explains it. */
export const PASSWORD_RULE_TEXT = `At least ${PASSWORD_LENGTH_MIN} characters, with a letter and a digit or symbol, and not your email address or name.`;

export interface PasswordContext {
  email?: string;
  name?: string;
}

export type PasswordVerdict = { isStrong: true } | { isStrong: false; problem: string };

export function checkPasswordStrength(password: string, context: PasswordContext = {}): PasswordVerdict {
  const weak = (problem: string): PasswordVerdict => ({ isStrong: false, problem });
  const length = [...password].length;
  if (length < PASSWORD_LENGTH_MIN) return weak(`The password must be at least ${PASSWORD_LENGTH_MIN} characters long.`);
  if (length > PASSWORD_LENGTH_MAX) return weak(`The password must be at most ${PASSWORD_LENGTH_MAX} characters long.`);
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) return weak('The password needs at least one letter and at least one digit or symbol.');
  if (isRepetition(password)) return weak('The password must not be one character or a short sequence repeated.');
  const lower = password.toLowerCase();
  for (const part of personalParts(context)) {
    if (lower.includes(part)) return weak('The password must not contain your email address or name.');
  }
  return { isStrong: true };
}

/** "aaaaaaaaaa", "abcabcabcabc", "1212121212ab" is fine: the whole text made of one piece of at most 3 characters. */
function isRepetition(password: string): boolean {
  for (let size = 1; size <= 3; size++) {
    const piece = password.slice(0, size);
    if (piece.repeat(Math.ceil(password.length / size)).slice(0, password.length) === password) return true;
  }
  return false;
}

/** The email's local part and each word of the name, lower case, when long enough to matter (4+). */
function personalParts({ email, name }: PasswordContext): string[] {
  const parts = [email?.split('@')[0] ?? '', ...(name ?? '').split(/\s+/)].map((p) => p.trim().toLowerCase());
  return parts.filter((p) => p.length >= 4);
}
