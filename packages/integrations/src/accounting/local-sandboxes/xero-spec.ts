/**
 * Xero's official OpenAPI document (specs/xero/xero_accounting.yaml, a copy of ../shared/specs kept in the
 * repository so the demo's sandboxes run on a fresh clone) with the overlay of
 * rules Xero documents but the spec omits (contract-testing.md): an invoice to create needs Type,
 * Contact and LineItems; a manual journal needs JournalLines. The path is configurable so a newer
 * copy of the spec can be dropped in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as yaml from 'js-yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
export const XERO_SPEC_PATH = path.resolve(here, 'specs/xero/xero_accounting.yaml');

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>; components: { schemas: Record<string, unknown> } };

export function xeroOverlay(doc: Doc): void {
  doc.components.schemas.InvoiceCreate = { allOf: [{ $ref: '#/components/schemas/Invoice' }], required: ['Type', 'Contact', 'LineItems'] };
  doc.components.schemas.ManualJournalCreate = { allOf: [{ $ref: '#/components/schemas/ManualJournal' }], required: ['Narration', 'JournalLines'] };
  const bodyOf = (listName: string, item: string) => ({
    type: 'object',
    required: [listName],
    properties: { [listName]: { type: 'array', minItems: 1, items: { $ref: `#/components/schemas/${item}` } } },
  });
  for (const m of ['put', 'post']) {
    doc.paths['/Invoices']![m]!.requestBody!.content['application/json']!.schema = bodyOf('Invoices', 'InvoiceCreate');
    doc.paths['/ManualJournals']![m]!.requestBody!.content['application/json']!.schema = bodyOf('ManualJournals', 'ManualJournalCreate');
  }
}

const cache = new Map<string, Doc>();

/** A fresh copy of the spec with the overlay applied (parsed once per process). */
export function loadXeroSpec(specPath: string = XERO_SPEC_PATH): Doc {
  if (!cache.has(specPath)) cache.set(specPath, yaml.load(fs.readFileSync(specPath, 'utf8')) as Doc);
  const doc = structuredClone(cache.get(specPath)!);
  xeroOverlay(doc);
  return doc;
}
