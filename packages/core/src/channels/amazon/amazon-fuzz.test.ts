/**
 * Fuzzing the Amazon parsers: random mutations of the fixtures (bytes flipped, cut, duplicated,
 * deleted, delimiters swapped) must never throw, and must give either complete settlements or
 * problems that name file, row and column. Hand-picked edge inputs (and any mutation that ever breaks a
 * parser) live in __fixtures__/fuzz/.
 */
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSettlementConsistency } from '../../settlements/collect-settlements';
import { parseReport } from '../index';

const dir = new URL('./__fixtures__/', import.meta.url);
const seeds = readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => readFileSync(new URL(f, dir)));

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.constantFrom('\t', '\n', '"', ',', ';', '\r\n', '-', '\u00e9', '99/99/9999', 'abc', '\u0000') }),
);

interface Mutation {
  kind: string;
  at: number;
  byte?: number;
  length?: number;
  text?: string;
}

function mutate(data: Uint8Array, m: Mutation): Uint8Array {
  const at = data.length === 0 ? 0 : m.at % data.length;
  const copy = Array.from(data);
  switch (m.kind) {
    case 'flip': copy[at] = m.byte ?? 0; break;
    case 'cut': copy.length = at; break;
    case 'delete': copy.splice(at, m.length ?? 1); break;
    case 'duplicate': copy.splice(at, 0, ...copy.slice(at, at + (m.length ?? 1))); break;
    default: copy.splice(at, 0, ...new TextEncoder().encode(m.text ?? ''));
  }
  return Uint8Array.from(copy);
}

async function checkInvariants(data: Uint8Array): Promise<void> {
  const result = await parseReport(data, { fileName: 'fuzz.txt' });
  for (const p of result.problems) {
    expect(p.file).toBe('fuzz.txt');
    expect(Number.isInteger(p.row) && p.row >= 0).toBe(true);
    expect(p.column === null || typeof p.column === 'string').toBe(true);
    expect(p.message.length).toBeGreaterThan(10);
  }
  for (const s of result.settlements) {
    expect(result.invalidSettlementIds).not.toContain(s.settlementId);
    const c = checkSettlementConsistency(s);
    expect(c.isConsistent ? c.difference === 0n : c.reason !== null).toBe(true);
  }
  expect(result.settlements.length + result.problems.length).toBeGreaterThan(0);
}

describe('Amazon parser fuzzing', () => {
  it('never throws on mutated fixtures and always answers with settlements or located problems', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), async (i, ms) => {
        let data: Uint8Array = seeds[i]!;
        for (const m of ms) data = mutate(data, m);
        await checkInvariants(data);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the kept edge inputs of __fixtures__/fuzz without throwing', async () => {
    const fuzzDir = new URL('./__fixtures__/fuzz/', import.meta.url);
    for (const name of readdirSync(fuzzDir)) await checkInvariants(readFileSync(new URL(name, fuzzDir)));
  });
});
