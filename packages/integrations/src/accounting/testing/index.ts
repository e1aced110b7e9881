/** What tests use: the local sandboxes (../local-sandboxes), a sample document and a connect helper. */
export * from '../local-sandboxes';
export { sampleDocument } from './sample-document';
export { connectForTest, type TestConnection } from './connect-for-test';
