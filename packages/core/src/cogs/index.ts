export * from './model';
export * from './standard-cost-lookup';
export * from './expand-bundles';
export * from './fifo-lots';
export * from './cogs-calculator';
export * from './build-cogs-journals';
export * from './read-cost-table';
export * from './cogs-settings';
