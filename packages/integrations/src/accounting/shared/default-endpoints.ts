/**
 * The vendors' production endpoints (reference/accounting.md), and the layout of the local vendor
 * server (testing/vendor-server.ts) for tests and e2e. Client ids and secrets come from configuration.
 */
import type { RemoteSystem, SystemEndpoints } from './system-definition';

type Urls = Omit<SystemEndpoints, 'clientId' | 'clientSecret'>;

export const DEFAULT_ACCOUNTING_ENDPOINTS: Record<RemoteSystem, Urls> = {
  XERO: {
    authorizeUrl: 'https://login.xero.com/identity/connect/authorize',
    tokenUrl: 'https://identity.xero.com/connect/token',
    apiBaseUrl: 'https://api.xero.com/api.xro/2.0',
    identityUrl: 'https://api.xero.com/connections',
  },
  QBO: {
    authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2',
    tokenUrl: 'https://oauth.platform.intuit.com/oauth2/v1/tokens/bearer',
    apiBaseUrl: 'https://quickbooks.api.intuit.com',
  },
  SAGE: {
    authorizeUrl: 'https://www.sageone.com/oauth2/auth/central?filter=apiv3.1',
    tokenUrl: 'https://oauth.accounting.sage.com/token',
    apiBaseUrl: 'https://api.accounting.sage.com/v3.1',
  },
  NETSUITE: {
    authorizeUrl: 'https://{accountId}.app.netsuite.com/app/login/oauth2/authorize.nl',
    tokenUrl: 'https://{accountId}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token',
    apiBaseUrl: 'https://{accountId}.suitetalk.api.netsuite.com/services/rest',
  },
};

/** The client the local vendor server accepts. */
export const LOCAL_VENDOR_CLIENT = { clientId: 'ledgerport-local', clientSecret: 'ledgerport-local-secret' };

/** Every system's endpoints on a local vendor server at `url`. */
export function localVendorEndpoints(url: string): Record<RemoteSystem, Urls> {
  return {
    XERO: { authorizeUrl: `${url}/xero/identity/connect/authorize`, tokenUrl: `${url}/xero/identity/connect/token`, apiBaseUrl: `${url}/xero/api.xro/2.0`, identityUrl: `${url}/xero/connections` },
    QBO: { authorizeUrl: `${url}/qbo/oauth2/authorize`, tokenUrl: `${url}/qbo/oauth2/v1/tokens/bearer`, apiBaseUrl: `${url}/qbo` },
    SAGE: { authorizeUrl: `${url}/sage/oauth2/auth/central`, tokenUrl: `${url}/sage/token`, apiBaseUrl: `${url}/sage/v3.1` },
    NETSUITE: { authorizeUrl: `${url}/netsuite/app/login/oauth2/authorize.nl`, tokenUrl: `${url}/netsuite/services/rest/auth/oauth2/v1/token`, apiBaseUrl: `${url}/netsuite/services/rest` },
  };
}
