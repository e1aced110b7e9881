export * from './split-single-orders';
export * from './decide-deferrals';
export * from './deferred-revenue-settlement';
