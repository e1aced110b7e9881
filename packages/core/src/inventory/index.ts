export * from './model';
export * from './parse-inventory-ledger';
export * from './month-end-positions';
export * from './value-inventory';
export * from './reconcile-inventory';
export * from './amazon-marketplaces';
export * from './inventory-fetch-months';
