export * from './summary-report';
export * from './chart-palette';
export * from './account-overview';
