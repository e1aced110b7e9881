export * from './fake-stripe';
export * from './decode-stripe-form';
