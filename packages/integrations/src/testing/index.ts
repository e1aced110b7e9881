export * from './openapi-contract';
export * from './serve-fetch';
export * from './fake-authorization-server';
export * from './fake-channels/fake-channel';
export * from './fake-channels/fake-amazon';
export * from './fake-channels/fake-shopify';
export * from './fake-channels/fake-paypal';
export * from './test-session';
