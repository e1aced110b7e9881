export * from './model';
export * from './default-charts';
export * from './default-mappings';
export * from './resolve-mapping';
export * from './copy-mappings';
export * from './parse-mapping-file';
export * from './built-in-tax-rates';
export * from './built-in-chart';
