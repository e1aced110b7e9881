export * from './fake-types';
export * from './vendor-server';
export * from './authorize-on-local-sandbox';
export { XERO_FAKE_TENANT } from './xero-fake';
export { QBO_FAKE_REALM, QBO_FAKE_ACCOUNTS } from './qbo-fake';
export { SAGE_FAKE_BUSINESS } from './sage-fake';
export { NETSUITE_FAKE_CLASSES, NETSUITE_FAKE_DEPARTMENTS, NETSUITE_FAKE_LOCATIONS, NETSUITE_FAKE_SUBSIDIARIES } from './netsuite-fake';
