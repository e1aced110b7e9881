export * from './analysis';
export * from './clarity-access';
