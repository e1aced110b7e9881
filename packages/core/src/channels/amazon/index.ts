export { amazonV2Parser, parseQuantity } from './parse-amazon-v2';
export { amazonV1Parser, AMAZON_V1_HEADER } from './parse-amazon-v1';
export { amazonTransactionTypes, amazonTypeKey, guessAmazonCategory } from './transaction-types';
export * from './write-amazon-v2';
export * from './amazon-locale';
export { AMAZON_V2_HEADER, AMAZON_V2_COLUMNS } from './amazon-v2-columns';
