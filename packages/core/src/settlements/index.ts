export * from './model';
export * from './parser';
