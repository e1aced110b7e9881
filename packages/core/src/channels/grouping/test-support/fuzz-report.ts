/**
 * Random damage to real-looking report files: bytes deleted, inserted, replaced, lines duplicated,
 * the file cut short, stray quotes/delimiters/dates. Used by every grouped channel's fuzz test: the
 * parser must never throw and must keep the rules of brokenRules().
 */
import fc from 'fast-check';
import type { ReportParser } from '../../../settlements/parser';
import { brokenRules, runParser } from './run-parser';

type Mutation =
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'bytes'; at: number; bytes: Uint8Array }
  | { kind: 'truncate'; at: number }
  | { kind: 'duplicateLine'; at: number };

const NASTY = ['"', ',', ';', '\t', '\n', '\r\n', '--', 'abc', '-', '31/02/2025', '2025-13-45', '9'.repeat(30), '€', '\u0000', '$-', 'CR', 'DR', 'SB,', 'EUR', 'JPY'];

export const mutationsArbitrary: fc.Arbitrary<Mutation[]> = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom(...NASTY) }),
    fc.record({ kind: fc.constant('bytes' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 6 }) }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('duplicateLine' as const), at: fc.nat() }),
  ),
  { minLength: 1, maxLength: 4 },
);

const encoder = new TextEncoder();

function splice(bytes: Uint8Array, at: number, remove: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length - remove + insert.length);
  out.set(bytes.subarray(0, at), 0);
  out.set(insert, at);
  out.set(bytes.subarray(at + remove), at + insert.length);
  return out;
}

export function applyMutations(original: Uint8Array, mutations: readonly Mutation[]): Uint8Array {
  let bytes = original;
  for (const m of mutations) {
    const at = bytes.length === 0 ? 0 : m.at % (bytes.length + 1);
    switch (m.kind) {
      case 'delete':
        bytes = splice(bytes, at, Math.min(m.length, bytes.length - at), new Uint8Array(0));
        break;
      case 'insert':
        bytes = splice(bytes, at, 0, encoder.encode(m.text));
        break;
      case 'bytes':
        bytes = splice(bytes, at, Math.min(m.bytes.length, bytes.length - at), m.bytes);
        break;
      case 'truncate':
        bytes = bytes.subarray(0, at);
        break;
      case 'duplicateLine': {
        const start = bytes.lastIndexOf(10, Math.max(0, at - 1)) + 1;
        let end = bytes.indexOf(10, at);
        end = end === -1 ? bytes.length : end + 1;
        bytes = splice(bytes, end, 0, bytes.slice(start, end));
        break;
      }
    }
  }
  return bytes;
}

/** Runs `runs` random mutations of the fixtures through the parser; fails with the smallest case found. */
export async function fuzzParser(parser: ReportParser, fixtures: readonly { name: string; bytes: Uint8Array }[], runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: fixtures.length - 1 }), mutationsArbitrary, fc.integer({ min: 1, max: 300 }), async (index, mutations, chunkSize) => {
      const fixture = fixtures[index]!;
      const bytes = applyMutations(fixture.bytes, mutations);
      const result = await runParser(parser, bytes, fixture.name, chunkSize);
      const broken = brokenRules(result, fixture.name);
      if (broken.length > 0) throw new Error(broken.join('; '));
    }),
    { numRuns: runs },
  );
}
