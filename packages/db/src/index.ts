export type * from './schema';
export { openDb, prepared, copyInto, copyText, DEFAULT_DATA_DIR, type OpenDbOptions, type OpenedDb } from './open-db';
export { migrateToLatest, type MigrateOptions } from './migrate-to-latest';
export { migrations } from './migrations/index';
export { fillOrderTotals } from './migrations/0023-settlement-order-totals';
export { DISTRIBUTED_TABLES, REFERENCE_TABLES, LOCAL_TABLES, type DistributedTable } from './distribution';
export { readCatalog, inDependencyOrder, moneyColumnsOf, type Catalog, type CatalogTable, type CatalogColumn, type CatalogForeignKey } from './catalog';
export { readTablePages, copyRows, type TextRow, type TablePagesOptions } from './table-pages';
export { dumpPgliteDataDir, loadPgliteDataDir, isEmptyFolder } from './pglite-data-dir';
