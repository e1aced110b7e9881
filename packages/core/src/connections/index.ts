/** One state per connection, derived from its row (decision 0056): its own entry, so the web's frame does not carry it. */
export * from './connection-state';
export * from './local-sandbox';
