export * from './create-stripe';
