export * from './model';
export * from './journal-from-document';
export * from './trial-balance';
