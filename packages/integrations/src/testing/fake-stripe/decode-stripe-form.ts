/**
 * Decodes the form body the `stripe` package sends (`line_items[0][price]=p&metadata[a]=b`) into the
 * nested object it was encoded from, so the fake reads it as the package's own *Params type.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function decodeStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: FormObject | FormValue[] = root;
    parts.forEach((part, i) => {
      const isLast = i === parts.length - 1;
      const key: string | number = Array.isArray(node) ? Number(part || node.length) : part;
      const container = node as Record<string | number, FormValue>;
      if (isLast) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(parts[i + 1]!);
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as FormObject | FormValue[];
    });
  }
  return root;
}
