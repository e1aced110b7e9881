export * from './summary-report';
export * from './chart-palette';
