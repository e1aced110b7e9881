/**
 * Field errors from the contract's own schema, checked before a save so each message sits under its
 * field (the server checks the same schema and names the same paths in its 400).
 */
interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

interface Checkable {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

/** Dotted path ('productTypes.0.pattern') -> the first message for it; empty when valid. */
export function fieldErrorsOf(schema: Checkable, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : (result.error?.issues ?? [])) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}
