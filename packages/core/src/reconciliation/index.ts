export * from './model';
export * from './parse-bank-statement';
export { parseBankCsv } from './parse-bank-csv';
export { parseOfx } from './parse-ofx';
export { parseCamt053 } from './parse-camt053';
export * from './match-deposits';
export * from './match-orders';
export * from './reconciliation-text';
export * from './settlement-deposit';
