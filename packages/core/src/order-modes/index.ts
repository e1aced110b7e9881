export * from './split-single-orders';
export * from './decide-deferrals';
export * from './deferred-revenue-settlement';
export * from './total-b2b-invoices';
