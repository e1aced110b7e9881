export * from './summary-report';
