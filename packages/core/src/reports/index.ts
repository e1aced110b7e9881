export * from './summary-report';
export * from './chart-palette';
export * from './shopify-figures';
export * from './finance-report';
export * from './gift-card-report';
export * from './order-status';
export * from './order-totals';
export * from './account-overview';
