import { describe, expect, it } from 'vitest';
import { describeTestType } from '../posting/test-support/settlement-arbitraries';
import { CHANNELS } from '../settlements/model';
import { copyMappings, reviseMappings } from './copy-mappings';
import { defaultChart } from './default-charts';
import { defaultMappings } from './default-mappings';
import { ACCOUNTING_SYSTEMS, mappingVersionLabel } from './model';
import { parseMappingFile } from './parse-mapping-file';
import { getRoleAccount, resolveMapping } from './resolve-mapping';
import { describeKnownType, describeKnownTypeOrNewFee, describeTypeByShape } from './type-describers';

describe('default mappings keep the books right', () => {
  it('book a Shopify gift card sold and revenue deferred until fulfilment on liability accounts, in every system', () => {
    const describeType = (_c: unknown, typeKey: string) => ({ category: 'other' as const, label: typeKey });
    for (const system of ACCOUNTING_SYSTEMS) {
      const m = defaultMappings(system, { channels: ['SHOPIFY'] });
      expect(resolveMapping(m, describeType as never, 'SHOPIFY', 'gift_card', null)?.account).toMatchObject({ kind: 'liability', name: 'Shopify Gift Card Liability' });
      expect(resolveMapping(m, describeType as never, 'SHOPIFY', 'deferred revenue|liability', null)?.account).toMatchObject({ kind: 'liability', name: 'Shopify Deferred Revenue' });
      // Other "other" types still go to the category's account.
      expect(resolveMapping(m, describeType as never, 'SHOPIFY', 'adjustment', null)?.account.name).toBe('Shopify Other Charges');
    }
  });
});

describe('default charts', () => {
  it('give every channel its own clearing account named Assets:Clearing:<Channel>', () => {
    const chart = defaultChart('MANUAL');
    for (const channel of CHANNELS) {
      const clearing = chart.accounts.filter((a) => a.role === 'clearing' && a.channel === channel);
      expect(clearing).toHaveLength(1);
    }
    expect(getRoleAccount(defaultMappings('QBO'), 'clearing', 'AMAZON').path).toBe('Assets:Clearing:Amazon');
  });

  it('have unique codes, and Xero codes of at most 10 characters', () => {
    for (const system of ACCOUNTING_SYSTEMS) {
      const codes = defaultChart(system).accounts.map((a) => a.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
    expect(Math.max(...defaultChart('XERO').accounts.map((a) => a.code.length))).toBeLessThanOrEqual(10);
  });

  it('hold reserved-balances, carried-forward, rounding and suspense accounts', () => {
    const m = defaultMappings('SAGE');
    expect(['reserved-balances', 'carried-forward', 'rounding', 'suspense'].map((r) => getRoleAccount(m, r as never, 'SHOPIFY').name)).toEqual([
      'Shopify Reserved Balances',
      'Shopify Carried Forward Balance',
      'Rounding',
      'Suspense',
    ]);
    expect(getRoleAccount(m, 'suspense', 'SHOPIFY').code).toBe('9998');
  });
});

describe('resolving a mapping', () => {
  it('maps a known type by its category', () => {
    const r = resolveMapping(defaultMappings('XERO'), describeTestType, 'AMAZON', 'Order|ItemFees|Commission', null);
    expect([r?.accountCode, r?.via]).toEqual(['AMZFEES', 'category']);
  });

  it('leaves a type the catalogue does not know unmapped', () => {
    expect(resolveMapping(defaultMappings('XERO'), describeTestType, 'AMAZON', 'Mystery||', null)).toBeUndefined();
  });

  it('maps a new type by the category of its shape, flagged as new, with describeTypeByShape', () => {
    const key = 'Order|ShipmentFees|FBA transportation fee';
    const r = resolveMapping(defaultMappings('XERO'), describeTypeByShape, 'AMAZON', key, null);
    expect([r?.accountCode, r?.account.name, r?.via, r?.isNewType]).toEqual(['AMZFEES', 'Amazon Seller Fees', 'category', true]);
    expect(describeTypeByShape('AMAZON', key)).toEqual({ category: 'fees', label: 'Amazon - Order / ShipmentFees / FBA transportation fee (new type)', isNew: true });
    expect(resolveMapping(defaultMappings('XERO'), describeKnownType, 'AMAZON', key, null)).toBeUndefined();
  });

  it('with new fees allowed until mapped: a new fee goes to the fees account flagged, a new type of another shape stays unmapped', () => {
    const m = defaultMappings('XERO');
    const fee = resolveMapping(m, describeKnownTypeOrNewFee, 'AMAZON', 'Order|ShipmentFees|FBA transportation fee', null);
    expect([fee?.accountCode, fee?.via, fee?.isNewType]).toEqual(['AMZFEES', 'category', true]);
    expect(resolveMapping(m, describeKnownTypeOrNewFee, 'AMAZON', 'other-transaction|other-transaction|New Mystery Fee', null)?.accountCode).toBe('AMZFEES');
    expect(describeTypeByShape('AMAZON', 'Order|ItemPrice|GiftWrapNew')?.category).toBe('sales');
    expect(resolveMapping(m, describeKnownTypeOrNewFee, 'AMAZON', 'Order|ItemPrice|GiftWrapNew', null)).toBeUndefined();
    const known = resolveMapping(m, describeKnownTypeOrNewFee, 'AMAZON', 'Order|ItemFees|Commission', null);
    expect([known?.accountCode, known?.isNewType]).toEqual(['AMZFEES', undefined]);
  });

  it('does not flag a known type, nor a new type the user has mapped', () => {
    expect(resolveMapping(defaultMappings('XERO'), describeTypeByShape, 'AMAZON', 'Order|ItemFees|Commission', null)?.isNewType).toBeUndefined();
    const key = 'Order|ShipmentFees|FBA transportation fee';
    const m = reviseMappings(defaultMappings('XERO'), { upsert: [{ channel: 'AMAZON', typeKey: key, accountCode: 'AMZOTH', taxRateCode: 'NONE' }] });
    const r = resolveMapping(m, describeTypeByShape, 'AMAZON', key, null);
    expect([r?.accountCode, r?.via, r?.isNewType]).toEqual(['AMZOTH', 'rule', undefined]);
  });

  it('prefers a rule for the tax variant over a rule for the type', () => {
    const m = reviseMappings(defaultMappings('XERO'), {
      upsert: [
        { channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', accountCode: 'AMZOTH', taxRateCode: 'NONE' },
        { channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', taxVariant: 'GB', accountCode: 'AMZSHIP', taxRateCode: 'NONE' },
      ],
    });
    expect(resolveMapping(m, describeTestType, 'AMAZON', 'Order|ItemPrice|Principal', 'GB')?.accountCode).toBe('AMZSHIP');
    expect(resolveMapping(m, describeTestType, 'AMAZON', 'Order|ItemPrice|Principal', 'DE')?.accountCode).toBe('AMZOTH');
  });
});

describe('versions and copies', () => {
  it('a revision is a new version and leaves the old one unchanged', () => {
    const v1 = defaultMappings('QBO', { ownerKey: 'shop' });
    const v2 = reviseMappings(v1, { isUnmappedToSuspense: true });
    expect([mappingVersionLabel(v1), v1.isUnmappedToSuspense, mappingVersionLabel(v2), v2.isUnmappedToSuspense]).toEqual(['shop@v1', false, 'shop@v2', true]);
  });

  it('a copy belongs to the new account, starts at version 1 and remembers its origin', () => {
    const from = reviseMappings(defaultMappings('QBO', { ownerKey: 'us' }), {});
    const copy = copyMappings(from, 'ca');
    expect([copy.ownerKey, copy.version, copy.copiedFrom]).toEqual(['ca', 1, { ownerKey: 'us', version: 2 }]);
    expect(copy.chart).toEqual(from.chart);
    expect(copy.chart).not.toBe(from.chart);
  });
});

describe('mapping files', () => {
  it('reads accounts, tax rates and rules over the default set', () => {
    const { mappings, problems } = parseMappingFile(
      JSON.stringify({
        system: 'XERO',
        ownerKey: 'acme',
        version: 4,
        accounts: [{ code: '200', name: 'Sales', kind: 'income', path: 'Income:Sales' }],
        taxRates: [{ code: 'OUTPUT2', name: '20% (VAT on Income)' }],
        mappings: [{ channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', taxVariant: 'GB', account: '200', taxRate: 'OUTPUT2' }],
      }),
      describeTestType,
    );
    expect(problems).toEqual([]);
    expect(mappingVersionLabel(mappings!)).toBe('acme@v4');
    expect(mappings!.entries).toEqual([{ channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', taxVariant: 'GB', accountCode: '200', taxRateCode: 'OUTPUT2' }]);
  });

  it('reports one problem per unknown type, account or tax rate and yields no mappings', () => {
    const { mappings, problems } = parseMappingFile(
      JSON.stringify({
        system: 'QBO',
        mappings: [
          { channel: 'AMAZON', typeKey: 'No|Such|Type', account: '4100' },
          { channel: 'AMAZON', typeKey: 'Order|ItemPrice|Principal', account: '99999' },
          { channel: 'AMAZON', typeKey: 'Order|ItemFees|Commission', account: '6100', taxRate: 'ZZZ' },
        ],
      }),
      describeTestType,
    );
    expect(mappings).toBeNull();
    expect(problems).toEqual([
      { item: 'mappings[0]', message: 'Unknown transaction type "No|Such|Type" for AMAZON.' },
      { item: 'mappings[1]', message: 'Unknown account "99999": it is not in the chart of accounts.' },
      { item: 'mappings[2]', message: 'Unknown tax rate "ZZZ": it is not in the list of tax rates.' },
    ]);
  });

  it('rejects a file that is not JSON or names an unknown system', () => {
    expect(parseMappingFile('{oops').problems[0]!.item).toBe('file');
    expect(parseMappingFile('{"system":"WAVE"}').problems[0]!.message).toBe('Unknown accounting system "WAVE"; use one of QBO, XERO, SAGE, NETSUITE, MANUAL.');
  });
});
