import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { postCommand } from './post';

const SAMPLE = new URL('../../../../../shared/samples/amazon/BlockchainDeveloper009__write_csv_example1.extracted_de_v2.txt', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'ledgerport-post-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real Amazon.de excerpt, optionally edited (its stated total, a type) to make bad input. */
function sampleCopy(name: string, edit: (text: string) => string = (t) => t): string {
  const file = join(dir, name);
  writeFileSync(file, edit(readFileSync(SAMPLE, 'utf8')));
  return file;
}

async function post(args: string[]) {
  let out = '';
  let err = '';
  const status = await postCommand.run(args, { out: (t) => (out += t), err: (t) => (err += `${t}\n`) });
  return { status, out, err };
}

function hledger(args: string[], journal: string) {
  const r = spawnSync('hledger', ['-f', '-', ...args], { input: journal, encoding: 'utf8' });
  if (r.error) throw new Error('hledger is not installed, and the post tests need it: run `apt-get install -y hledger` (Debian).');
  return r;
}

describe('ledgerport post', () => {
  it('posts the real Amazon excerpt to an hledger journal that hledger accepts', async () => {
    const r = await post([sampleCopy('de.txt'), '--format', 'hledger']);
    expect([r.status, r.err]).toEqual([0, '']);
    expect(hledger(['check', '--strict'], r.out).status).toBe(0);
    expect(hledger(['balance', '^Assets:Clearing:Amazon$', '-N', '--flat'], r.out).stdout.trim()).toBe('53.44 EUR  Assets:Clearing:Amazon');
  });

  it('shows an inconsistent settlement as its suspense line and a reported problem', async () => {
    const file = sampleCopy('de-inconsistent.txt', (t) => t.replace('\t53,44\t', '\t60,00\t'));
    const r = await post([file, '--format', 'hledger']);
    expect(r.status).toBe(1);
    expect(r.err).toContain('Settlement 7293436482 is inconsistent: its lines sum to 53.44 EUR but the deposit is 60.00 EUR (difference 6.56 EUR).');
    expect(r.out).toMatch(/Assets:Suspense\s+-6\.56 EUR {2}; Unreconciled difference/);
    expect(hledger(['check'], r.out).status).toBe(0);
    expect(hledger(['balance', '^Assets:Clearing:Amazon$', '-N', '--flat'], r.out).stdout.trim()).toBe('60.00 EUR  Assets:Clearing:Amazon');
  });

  describe('a settlement with a fee type Amazon added (Amazon.ca, from the real excerpt, plus an FBA transportation fee)', () => {
    const NEW_FEE = fileURLToPath(new URL('./__fixtures__/amazon-ca-new-fee-type.txt', import.meta.url));
    const notice =
      'new type: "Order|ShipmentFees|FBA transportation fee" of AMAZON (1 line, -4.52 CAD) in settlement 7293436482 is not a type Ledgerport knows yet; ' +
      'it was posted to "Amazon Seller Fees" (Expenses:Amazon:SellerFees). Map it in a --mappings file to choose another account.\n';

    it('posts it to the fees account and lists it on stderr; hledger checks the journal, the clearing account equals the deposit', async () => {
      const r = await post([NEW_FEE, '--format', 'hledger']);
      expect([r.status, r.err]).toEqual([0, notice]);
      expect(r.out).toMatch(/Expenses:Amazon:SellerFees\s+4\.52 CAD {2}; Amazon - Order \/ ShipmentFees \/ FBA transportation fee \(new type\)/);
      expect(hledger(['check', '--strict'], r.out).status).toBe(0);
      expect(hledger(['balance', '^Assets:Clearing:Amazon$', '-N', '--flat'], r.out).stdout.trim()).toBe('48.92 CAD  Assets:Clearing:Amazon');
    });

    it('writes a Beancount ledger that bean-check accepts, the clearing account equal to the deposit', async () => {
      const r = await post([NEW_FEE, '--format', 'beancount']);
      expect([r.status, r.err]).toEqual([0, notice]);
      const ledger = join(dir, 'new-fee.beancount');
      writeFileSync(ledger, r.out);
      const check = spawnSync('bean-check', [ledger], { encoding: 'utf8' });
      if (check.error) throw new Error('bean-check is not installed, and this test needs it: run `apt-get install -y beancount` (Debian).');
      expect([check.status, check.stderr]).toEqual([0, '']);
      const clearing = r.out.split('\n').filter((l) => /^\s+Assets:Clearing:Amazon\s/.test(l));
      expect(clearing.map((l) => l.trim().replace(/\s+/g, ' '))).toEqual([expect.stringMatching(/^Assets:Clearing:Amazon 48\.92 CAD/)]);
    });

    it('names it with the Xero account it went to', async () => {
      const r = await post([NEW_FEE, '--format', 'xero-journal-csv']);
      expect(r.status).toBe(0);
      expect(r.err).toContain('it was posted to "Amazon Seller Fees" (AMZFEES).');
    });

    it('refuses it with --strict, as an unmapped type, and posts nothing', async () => {
      const r = await post([NEW_FEE, '--format', 'hledger', '--strict']);
      expect(r.status).toBe(1);
      expect(r.err).toBe(
        'problem: Transaction type "Amazon - Order / ShipmentFees / FBA transportation fee" of Amazon (1 line, -4.52 CAD) in settlement 7293436482 has no mapping; map it to an account to post this settlement.\n',
      );
      expect(r.out).toBe('');
    });

    it('takes the account a mapping file gives the new type, with or without --strict, and no longer lists it', async () => {
      const mappings = join(dir, 'new-fee.json');
      writeFileSync(mappings, JSON.stringify({ system: 'MANUAL', mappings: [{ channel: 'AMAZON', typeKey: 'Order|ShipmentFees|FBA transportation fee', account: 'Expenses:Amazon:OtherCharges' }] }));
      for (const strict of [[], ['--strict']]) {
        const r = await post([NEW_FEE, '--format', 'hledger', '--mappings', mappings, ...strict]);
        expect([strict, r.status, r.err]).toEqual([strict, 0, '']);
        expect(r.out).toMatch(/Expenses:Amazon:OtherCharges\s+4\.52 CAD {2}; .*FBA transportation fee/);
      }
    });
  });

  it('posts unknown types to suspense under --strict when the mapping file allows it', async () => {
    const file = sampleCopy('de-unknown2.txt', (t) => t.replace('ItemFees\tRefundCommission', 'ItemFees\tBrandNewFee'));
    const mappings = join(dir, 'suspense.json');
    writeFileSync(mappings, JSON.stringify({ system: 'MANUAL', unmappedToSuspense: true }));
    const r = await post([file, '--format', 'hledger', '--mappings', mappings, '--strict']);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/Assets:Suspense\s+3\.96 EUR {2}; Unmapped transaction type/);
  });

  it('reports each bad item of a mapping file and posts nothing', async () => {
    const mappings = join(dir, 'bad.json');
    writeFileSync(mappings, JSON.stringify({ system: 'XERO', mappings: [{ channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', account: 'NOPE' }] }));
    const r = await post([sampleCopy('de2.txt'), '--format', 'xero-invoice-csv', '--mappings', mappings]);
    expect(r.status).toBe(1);
    expect(r.err).toBe(`problem: ${mappings}, mappings[0]: Unknown account "NOPE": it is not in the chart of accounts.\n`);
    expect(r.out).toBe('');
  });

  it('writes a Xero invoice import with the default Xero chart', async () => {
    const r = await post([sampleCopy('de3.txt'), '--format', 'xero-invoice-csv']);
    expect(r.status).toBe(0);
    expect(r.out.split('\r\n')[1]).toMatch(/^Amazon\.de,,,,,,,,,,AMZ-7293436482,Amazon settlement 7293436482,04\/05\/2018,04\/05\/2018,,,/);
  });

  it('posts a settlement loaded twice only once', async () => {
    const r = await post([sampleCopy('a.txt'), sampleCopy('b.txt'), '--format', 'hledger']);
    expect(r.status).toBe(1);
    expect(r.err).toContain('was already read from');
    expect(hledger(['balance', '^Assets:Clearing:Amazon$', '-N', '--flat'], r.out).stdout.trim()).toBe('53.44 EUR  Assets:Clearing:Amazon');
  });

  it('refuses an unknown format with a usage error', async () => {
    const r = await post([sampleCopy('de4.txt'), '--format', 'xlsx']);
    expect(r.status).toBe(2);
    expect(r.err).toContain("unknown format 'xlsx'");
  });
});
