export * from './shared/bounded-key';
export * from './shared/default-endpoints';
export * from './shared/connection-limiter';
export * from './shared/json-decimal';
export * from './shared/oauth-client';
export * from './shared/system-definition';
export * from './shared/token-set';
export * from './shared/vendor-http';
export { xeroSystem } from './xero/xero-system';
export { qboSystem } from './qbo/qbo-system';
export { sageSystem } from './sage/sage-system';
export { netSuiteSystem } from './netsuite/netsuite-system';
export { isQboPort, type QboPort } from './qbo/qbo-port';
export { isNetSuitePort, type NetSuitePort, type NetSuiteRecordChoice, type NetSuiteSegments, type SuiteQlAnswer } from './netsuite/netsuite-port';
import type { AccountingSystemDefinition, RemoteSystem } from './shared/system-definition';
import { netSuiteSystem } from './netsuite/netsuite-system';
import { qboSystem } from './qbo/qbo-system';
import { sageSystem } from './sage/sage-system';
import { xeroSystem } from './xero/xero-system';

export const ACCOUNTING_SYSTEM_DEFINITIONS: Record<RemoteSystem, AccountingSystemDefinition> = {
  XERO: xeroSystem,
  QBO: qboSystem,
  SAGE: sageSystem,
  NETSUITE: netSuiteSystem,
};
