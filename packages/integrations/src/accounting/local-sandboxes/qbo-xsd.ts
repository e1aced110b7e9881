/**
 * QuickBooks Online has no OpenAPI; its contract is the V3 XSDs (specs/quickbooks, the four of
 * ../shared/specs/quickbooks this reads, kept in the repository for the demo's sandboxes), whose
 * element names are the JSON field names. This reads the complex and simple types and checks a JSON
 * body against them: every field must be an element (or attribute) of its type or a base type, enums
 * must hold one of their values, and the few required elements of a journal entry must be present.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const QBO_XSD_DIR = path.resolve(here, 'specs/quickbooks');

interface ComplexType {
  base?: string;
  elements: Map<string, string>;
  attributes: Set<string>;
  isSimpleContent: boolean;
}

export interface QboSchema {
  complex: Map<string, ComplexType>;
  enums: Map<string, Set<string>>;
  simple: Set<string>;
}

const strip = (t: string) => t.replace(/^\w+:/, '');

export function readQboXsd(dir: string = QBO_XSD_DIR): QboSchema {
  const complex = new Map<string, ComplexType>();
  const enums = new Map<string, Set<string>>();
  const simple = new Set<string>();
  for (const file of ['IntuitBaseTypes.xsd', 'IntuitNamesTypes.xsd', 'Finance.xsd', 'SalesTax.xsd']) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    const stack: { tag: string; name?: string }[] = [];
    let currentType: ComplexType | undefined;
    let currentSimple: string | undefined;
    const typeStack: (ComplexType | undefined)[] = [];
    for (const m of text.matchAll(/<(\/?)xs:(\w+)([^>]*?)(\/?)>/g)) {
      const [, closing, tag, attrText = '', selfClosing] = m;
      const attr = (n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(attrText)?.[1];
      if (closing) {
        const top = stack.pop();
        if (top?.tag === 'complexType') currentType = typeStack.pop();
        if (top?.tag === 'simpleType') currentSimple = undefined;
        continue;
      }
      if (tag === 'complexType') {
        typeStack.push(currentType);
        const name = attr('name');
        if (name) {
          currentType = { elements: new Map(), attributes: new Set(), isSimpleContent: false };
          complex.set(name, currentType);
        }
      } else if (tag === 'simpleType' && attr('name')) {
        currentSimple = attr('name');
        simple.add(currentSimple!);
      } else if (tag === 'enumeration' && currentSimple) {
        if (!enums.has(currentSimple)) enums.set(currentSimple, new Set());
        enums.get(currentSimple)!.add(attr('value') ?? '');
      } else if (currentType) {
        if (tag === 'element' && attr('name')) currentType.elements.set(attr('name')!, strip(attr('type') ?? 'xs:anyType'));
        if (tag === 'attribute' && attr('name')) currentType.attributes.add(attr('name')!);
        if (tag === 'extension' && attr('base')) currentType.base = strip(attr('base')!);
        if (tag === 'simpleContent') currentType.isSimpleContent = true;
      }
      if (!selfClosing) stack.push({ tag: tag! });
    }
  }
  return { complex, enums, simple };
}

const REQUIRED: Record<string, string[]> = {
  JournalEntry: ['Line'],
  Line: ['Amount', 'DetailType'],
  JournalEntryLineDetail: ['PostingType', 'AccountRef'],
};

function fieldsOf(schema: QboSchema, typeName: string): { elements: Map<string, string>; attributes: Set<string>; isSimpleContent: boolean } {
  const elements = new Map<string, string>();
  const attributes = new Set<string>();
  let isSimpleContent = false;
  for (let t: string | undefined = typeName, guard = 0; t && guard < 20; guard += 1) {
    const c = schema.complex.get(t);
    if (!c) break;
    for (const [k, v] of c.elements) if (!elements.has(k)) elements.set(k, v);
    for (const a of c.attributes) attributes.add(a);
    isSimpleContent ||= c.isSimpleContent;
    t = c.base;
  }
  return { elements, attributes, isSimpleContent };
}

/** Problems of `value` as an instance of the XSD type `typeName` ('JournalEntry'), each naming its path. */
export function checkQboJson(schema: QboSchema, typeName: string, value: unknown, at = typeName): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => checkQboJson(schema, typeName, v, `${at}[${i}]`));
  const allowed = schema.enums.get(typeName);
  if (allowed) return typeof value === 'string' && allowed.has(value) ? [] : [`${at}: ${JSON.stringify(value)} is not one of ${[...allowed].join(', ')}`];
  if (!schema.complex.has(typeName)) {
    if (typeName === 'decimal') return typeof value === 'number' ? [] : [`${at}: must be a number`];
    if (typeName === 'boolean') return typeof value === 'boolean' ? [] : [`${at}: must be true or false`];
    return typeof value === 'object' && value !== null ? [`${at}: must be a plain value`] : [];
  }
  const { elements, attributes, isSimpleContent } = fieldsOf(schema, typeName);
  if (isSimpleContent && typeof value !== 'object') return [];
  if (typeof value !== 'object' || value === null) return [`${at}: must be an object (${typeName})`];
  const problems: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (isSimpleContent && key === 'value') continue;
    if (attributes.has(key)) continue;
    const type = elements.get(key);
    if (!type) {
      problems.push(`${at}.${key}: not an element of ${typeName}`);
      continue;
    }
    problems.push(...checkQboJson(schema, type, v, `${at}.${key}`));
  }
  for (const key of REQUIRED[typeName] ?? []) if (!(key in value)) problems.push(`${at}: ${key} is required`);
  return problems;
}
