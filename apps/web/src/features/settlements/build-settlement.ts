/** Test data: a Settlement as the server answers it (component tests only). */
import type { Settlement } from '@ledgerport/contract';

export function buildSettlement(over: Partial<Settlement> = {}): Settlement {
  const key = over.settlementKey ?? 'stl-1';
  return {
    accountKey: 'acc-amazon',
    created: '2026-11-20T10:00:00.000Z',
    updated: '2026-11-20T10:00:00.000Z',
    start: '2026-10-01T00:00:00.000Z',
    end: '2026-10-15T00:00:00.000Z',
    total: '1234.5600',
    channel: 'Amazon.com',
    gateway: null,
    currency: 'USD',
    salesSource: 'AMAZON',
    reportId: 'v2.csv',
    postedToXero: false,
    cogsPosted: false,
    postingStatus: 'NOT_POSTED',
    cogsPostingStatus: 'NOT_POSTED',
    cogsInvoicesTotal: null,
    cogsCurrency: null,
    allProductCostsAvailable: false,
    sellerId: null,
    duplicateOf: null,
    inconsistent: false,
    flagsSet: {},
    onHold: false,
    onHoldReason: null,
    onHoldDate: null,
    onHoldCause: null,
    keyAsString: key,
    taxesMapped: true,
    accountsMapped: true,
    settlementKey: key,
    settlementId: '11111',
    format: 'amazon-v2',
    marketplace: 'Amazon.com',
    depositDate: '2026-10-17T00:00:00.000Z',
    status: 'closed',
    linesTotal: '1234.5600',
    lineCount: 12,
    difference: '0.0000',
    inconsistencyReason: null,
    duplicateKey: 'dup',
    sourceKind: 'file',
    sourceFile: 'v2.csv',
    isSingleOrder: false,
    isDeferredTransactionSettlement: false,
    sendState: 'IDLE',
    postingError: null,
    badges: ['not-posted'],
    ...over,
  };
}

export function buildSettlementPage(settlements: Settlement[], totalRows = settlements.length) {
  return { settlements, pagination: { perPage: 10, currentPage: 0, cursor: null, totalRows, pageOptions: [10, 25, 50, 100] } };
}
