/** The backend consoles' read-only check of a query (decision 0045): its own entry, so the web's frame does not carry it. */
export * from './read-only-query';
