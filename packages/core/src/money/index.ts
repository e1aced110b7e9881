export * from './money';
export * from './currencies';
