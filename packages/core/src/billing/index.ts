export * from './plans';
export * from './trial';
export * from './decide-billing-limit';
export * from './decide-plan-change';
export * from './coupons';
export * from './card-display';
export * from './subscription-events';
export * from './plan-gate';
