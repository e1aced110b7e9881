/**
 * Property: any PayPal activity, written as an English (month-first, '.', quoted thousands, memo
 * rows) or German (dd.mm.yyyy, decimal comma, dotted thousands) activity download with PayPal's
 * running balance, reads back as one statement per currency whose lines sum to the balance movement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUnits } from '../../money/money';
import { runParser } from '../grouping/test-support/run-parser';
import { paypalActivityParser } from './parse-paypal-activity';

interface Row { currency: string; gross: bigint; fee: bigint; isMemo: boolean; type: string }

const cents = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map((c) => c * 100n);
const rowArb = fc.record({
  currency: fc.constantFrom('USD', 'EUR', 'GBP'),
  gross: cents(-2_000_000n, 2_000_000n),
  fee: cents(-5_000n, 0n),
  isMemo: fc.boolean(),
  type: fc.constantFrom('Express Checkout Payment', 'Payment Refund', 'General Withdrawal', 'Website Payment'),
});

function money(units: bigint, german: boolean): string {
  const text = formatUnits(units, 2);
  const [whole = '', frac = ''] = text.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, german ? '.' : ',');
  return `"${units < 0n ? '-' : ''}${grouped}${german ? ',' : '.'}${frac}"`;
}

function write(rows: Row[], opening: Map<string, bigint>, german: boolean): string {
  const balance = new Map(opening);
  const header = german
    ? 'Datum,Uhrzeit,Zeitzone,Beschreibung,Währung,Brutto,Entgelt,Netto,Guthaben,Transaktionscode'
    : 'Date,Time,TimeZone,Name,Type,Status,Currency,Gross,Fee,Net,Transaction ID,Balance,Balance Impact';
  const lines = rows.map((r, i) => {
    const day = 1 + (i % 28);
    const net = r.gross + r.fee;
    const isMemo = r.isMemo && !german;
    if (!isMemo) balance.set(r.currency, (balance.get(r.currency) ?? 0n) + net);
    const bal = money(balance.get(r.currency)!, german);
    const time = `${String(10 + (i % 10))}:00:00`;
    if (german) return [`"${String(day).padStart(2, '0')}.05.2024"`, time, 'Europe/Berlin', r.type, r.currency, money(r.gross, true), money(r.fee, true), money(net, true), bal, `T${i}`].join(',');
    return [`05/${String(day).padStart(2, '0')}/2024`, time, 'PDT', 'Someone', r.type, isMemo ? 'Pending' : 'Completed', r.currency, money(r.gross, false), money(r.fee, false), money(net, false), `T${i}`, isMemo ? '' : bal, isMemo ? 'Memo' : net < 0n ? 'Debit' : 'Credit'].join(',');
  });
  return `${header}\n${lines.join('\n')}\n`;
}

describe('PayPal activity download round trip', () => {
  it('reads back one statement per currency, lines summing to closing minus opening balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 28 }), cents(0n, 1_000_000n), fc.boolean(), async (rows, start, german) => {
        const opening = new Map([['USD', start], ['EUR', start], ['GBP', start]]);
        const bytes = new TextEncoder().encode(write(rows, opening, german));
        const { settlements, problems } = await runParser(paypalActivityParser, bytes, 'gen.csv');
        expect(problems).toEqual([]);
        const currencies = [...new Set(rows.map((r) => r.currency))];
        expect(settlements.map((s) => s.currency).sort()).toEqual(currencies.sort());
        for (const s of settlements) {
          const mine = rows.filter((r) => r.currency === s.currency);
          const moving = mine.filter((r) => !(r.isMemo && !german));
          const expected = moving.reduce((sum, r) => sum + r.gross + r.fee, 0n);
          expect(s.total).toBe(expected);
          expect(s.lines.reduce((sum, l) => sum + l.amount, 0n)).toBe(expected);
          expect(new Set(s.lines.map((l) => l.source.row)).size).toBe(mine.length);
        }
      }),
      { numRuns: 150 },
    );
  });
});
