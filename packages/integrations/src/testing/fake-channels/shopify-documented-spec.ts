/**
 * Shopify publishes no machine-readable schema we may vendor (formats.md §2.3). This OpenAPI document
 * is written from Shopify's documentation pages of ShopifyPaymentsPayout / ShopifyPaymentsBalanceTransaction
 * (admin-graphql 2025-10) and the GraphQL-over-HTTP request shape, so the same contract harness checks
 * our requests and the fake's answers. It is documentation-derived, not an official spec.
 */
const money = { type: 'object', required: ['amount', 'currencyCode'], properties: { amount: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' }, currencyCode: { type: 'string', pattern: '^[A-Z]{3}$' } } };
const pageInfo = { type: 'object', required: ['hasNextPage', 'endCursor'], properties: { hasNextPage: { type: 'boolean' }, endCursor: { type: 'string', nullable: true } } };
const connection = (node: Record<string, unknown>) => ({ type: 'object', required: ['pageInfo', 'nodes'], properties: { pageInfo, nodes: { type: 'array', items: node } } });
const payout = {
  type: 'object',
  required: ['id', 'legacyResourceId', 'status', 'issuedAt', 'net'],
  properties: { id: { type: 'string', pattern: '^gid://shopify/ShopifyPaymentsPayout/\\d+$' }, legacyResourceId: { type: 'string' }, status: { type: 'string', enum: ['CANCELED', 'FAILED', 'PAID', 'SCHEDULED', 'IN_TRANSIT'] }, issuedAt: { type: 'string', format: 'date-time' }, net: money },
};
const transaction = {
  type: 'object',
  required: ['id', 'type', 'test', 'transactionDate', 'amount', 'fee', 'net'],
  properties: {
    id: { type: 'string', pattern: '^gid://shopify/ShopifyPaymentsBalanceTransaction/\\d+$' },
    type: { type: 'string', pattern: '^[A-Z_]+$' },
    test: { type: 'boolean' },
    transactionDate: { type: 'string', format: 'date-time' },
    amount: money,
    fee: money,
    net: money,
    associatedOrder: { type: 'object', nullable: true, properties: { name: { type: 'string' } } },
    associatedPayout: { type: 'object', nullable: true, properties: { id: { type: 'string' }, status: { type: 'string', enum: ['ACTION_REQUIRED', 'CANCELED', 'FAILED', 'PAID', 'PENDING', 'SCHEDULED', 'IN_TRANSIT'] } } },
  },
};

/** Order (admin-graphql 2025-10 Order object): the fields the B2B and deferred revenue modes read. */
const order = {
  type: 'object',
  required: ['name', 'tags', 'paymentGatewayNames', 'displayFulfillmentStatus', 'fulfillments'],
  properties: {
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', maxLength: 40 } },
    poNumber: { type: 'string', nullable: true },
    paymentGatewayNames: { type: 'array', items: { type: 'string' } },
    displayFulfillmentStatus: { type: 'string', enum: ['FULFILLED', 'IN_PROGRESS', 'ON_HOLD', 'OPEN', 'PARTIALLY_FULFILLED', 'PENDING_FULFILLMENT', 'RESTOCKED', 'SCHEDULED', 'UNFULFILLED', 'REQUEST_DECLINED'] },
    customer: { type: 'object', nullable: true, properties: { displayName: { type: 'string' } } },
    fulfillments: { type: 'array', items: { type: 'object', required: ['createdAt'], properties: { createdAt: { type: 'string', format: 'date-time' } } } },
  },
};

export const SHOPIFY_DOCUMENTED_SPEC = {
  openapi: '3.0.3',
  info: { title: 'Shopify Admin GraphQL (payouts, documented shape)', version: '2025-10' },
  paths: {
    '/admin/api/{version}/graphql.json': {
      post: {
        operationId: 'graphql',
        parameters: [
          { name: 'version', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' } },
          { name: 'X-Shopify-Access-Token', in: 'header', required: true, schema: { type: 'string', minLength: 1 } },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['query'],
                additionalProperties: false,
                properties: {
                  query: { type: 'string', pattern: 'shopifyPaymentsAccount|orders\\(' },
                  variables: { type: 'object', properties: { first: { type: 'integer', minimum: 1, maximum: 250 }, after: { type: 'string', nullable: true }, query: { type: 'string' } }, required: ['first'] },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'GraphQL answer',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: { type: 'object', properties: { shopifyPaymentsAccount: { type: 'object', nullable: true, properties: { payouts: connection(payout), balanceTransactions: connection(transaction) } }, orders: connection(order) } },
                    errors: { type: 'array', items: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
                    extensions: { type: 'object' },
                  },
                },
              },
            },
          },
          '401': { description: 'Invalid API key or access token', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
};
