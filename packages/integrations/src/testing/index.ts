export * from './openapi-contract';
export * from './serve-fetch';
