/**
 * The composition root of the HTTP server: plugins, error handling, every feature's routes, the
 * OpenAPI document at /docs and the web app at /app/. Tests call buildApp and use app.inject.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '@ledgerport/db';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createAccessTokens } from './security/access-tokens';
import { registerAuthRoutes } from './features/auth/auth-routes';
import { createSignInLimiter } from './security/sign-in-limiter';
import { createMailRequestLimiter } from './security/mail-request-limiter';
import { registerSignUpRoutes } from './features/sign-up/sign-up-routes';
import { registerIdentityProviderRoutes } from './features/identity-providers/identity-provider-routes';
import { registerAccountUsersRoutes } from './features/account-users/account-users-routes';
import { registerAccessRequestRoutes } from './features/account-users/access-requests-routes';
import { registerNotificationRoutes } from './features/notifications/notification-routes';
import { registerPasswordRoutes } from './features/sign-up/password-routes';
import { createMailer, type Mailer } from './mail/mailer';
import { registerAccountRoutes } from './features/account-management/account-routes';
import { registerAccountArchiveRoutes } from './features/account-archive/account-archive-routes';
import { registerFeatureFlagRoutes } from './features/feature-flags/feature-flag-routes';
import { registerOrganizationRoutes } from './features/organizations/organization-routes';
import { registerPartnerRoutes } from './features/partner/partner-routes';
import { registerTeamRoutes } from './features/teams/team-routes';
import { registerFirmInviteRoutes } from './features/teams/firm-invite-routes';
import { registerClarityRoutes } from './features/clarity/clarity-routes';
import { registerClarityDocumentRoutes } from './features/clarity/clarity-document-routes';
import { registerUserRoutes } from './features/users/user-routes';
import { registerWhatsNewRoutes } from './features/whats-new/whats-new-routes';
import { registerClientEventsRoutes } from './features/client-events/client-events-routes';
import { registerAutomationRoutes } from './features/automation/automation-routes';
import { registerBackendRoutes } from './features/backend/backend-routes';
import { registerBackendUsersRoutes } from './features/backend/backend-users-routes';
import { registerAccountAreaRoutes } from './features/backend/account-area-routes';
import { registerBackendQueryRoutes } from './features/backend/backend-query-routes';
import { registerBackendChannelsRoutes } from './features/backend/backend-channels-routes';
import { registerReportRoutes } from './features/reports/summary-report-routes';
import { registerShopifyReports } from './features/shopify-reports/register-shopify-reports';
import { registerB2bInvoiceReportRoutes } from './features/shopify-order-modes/b2b-invoice-report-routes';
import { registerShopifyOrderSettingsRoutes } from './features/shopify-order-settings/shopify-order-settings-routes';
import { registerBilling } from './features/billing/register-billing';
import { assertPlanFeature } from './features/billing/check-billing';
import { registerAccountOverviewRoute } from './features/reports/account-overview-route';
import { registerExportDataRoute } from './features/reports/export-data-route';
import type { Deps } from './http/deps';
import { registerErrorHandling } from './http/error-handler';
import { registerHealthRoute } from './http/health-route';
import { registerWebApp } from './http/web-app';
import { requireRouteDeclarations } from './http/route-declarations';
import type { AccountingPortResolver } from './http/accounting-port-resolver';
import { createAccountingPortResolver } from './features/accounting-connections/resolve-accounting-connection-port';
import { registerAccountingConnections } from './features/accounting-connections/register-accounting-connections';
import { createSecretBox } from './security/secret-box';
import type { ChannelReportFetcher } from './http/channel-report-fetcher';
import { registerSettlementFeatures } from './register-settlement-features';
import { registerChannelConnections } from './features/channel-connections/register-channel-connections';
import { registerPostingSettingsRoutes } from './features/posting-settings/posting-settings-routes';
import { registerTaxSettingsRoutes } from './features/tax-settings/tax-settings-routes';
import { registerNetSuiteConfigurationRoutes } from './features/netsuite-configuration/netsuite-configuration-routes';
import { registerPaymentSourceSettingsRoutes } from './features/payment-source-settings/payment-source-settings-routes';
import { registerQuestionnaireRoutes } from './features/onboarding-questionnaire/questionnaire-routes';
import { createChannelReportFetcher } from './features/channel-connections/fetch-channel-report';
import { noJobs } from './http/job-sender';
import type { Jobs } from './jobs/start-jobs';
import { wireEvents } from './wire-events';
import { getProcessMetrics, type ProcessMetrics } from './telemetry/metrics';
import { registerTelemetry } from './telemetry/register-telemetry';
import { requestIdFrom } from './telemetry/request-context';
import { requestLogController } from './telemetry/request-log';
import { isClusterWorker } from './telemetry/cluster-metrics';

export interface BuildAppOptions {
  db: Kysely<Database>;
  config: Config;
  clock?: Clock;
  /** Log through pino at config.logLevel (true), or through the process's logger (main: shared with the jobs); tests leave it off. */
  logger?: boolean | FastifyBaseLogger;
  /** Overrides how accounting adapters are found (tests); default: the accounting-connections feature. */
  resolveAccountingPort?: AccountingPortResolver;
  /** Background jobs (startJobs); their workers start with this app's Deps. Without it nothing can be queued. */
  jobs?: Jobs;
  /** How redownload fetches a channel report; default: no channel connection. */
  fetchChannelReport?: ChannelReportFetcher;
  /** How mail is sent; default: createMailer(config.mail) with the outbox's lines unprinted. */
  mailer?: Mailer;
  /** Where requests, jobs, imports and sends are counted; default: the process's one set (telemetry/metrics.ts). */
  metrics?: ProcessMetrics;
  /** Run the jobs' workers in this process (default true); false for LEDGERPORT_ROLE=web, which only queues. */
  isJobRunner?: boolean;
}

/** The Deps every route and job receives; the worker role (main.ts) builds them without an HTTP server. */
export function createDeps(options: BuildAppOptions): Deps {
  // Which features react to the others' events (stored settlements, saved mappings, holds, sends).
  wireEvents();
  const { db, config } = options;
  const clock = options.clock ?? systemClock;
  const deps: Deps = {
    db,
    config,
    clock,
    accessTokens: createAccessTokens(config.secret, clock),
    signInLimiter: createSignInLimiter(config, clock),
    mailRequestLimiter: createMailRequestLimiter(config, clock),
    mailer: options.mailer ?? createMailer(config.mail, () => undefined),
    secretBox: createSecretBox(config.secret),
    resolveAccountingPort: options.resolveAccountingPort ?? createAccountingPortResolver(() => deps),
    jobs: options.jobs ?? noJobs,
    fetchChannelReport: options.fetchChannelReport ?? createChannelReportFetcher(() => deps),
    planGate: assertPlanFeature,
    metrics: options.metrics ?? getProcessMetrics(),
  };
  return deps;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const logger = options.logger;
  const app = Fastify({
    ...(typeof logger === 'object' ? { loggerInstance: logger } : { logger: logger ? { level: config.logLevel } : false }),
    bodyLimit: config.bodyLimitBytes,
    // Query strings are validated by strict zod objects; keep Fastify from inventing arrays silently.
    routerOptions: { ignoreTrailingSlash: false },
    // One log line per request, written when it is answered (telemetry/request-log.ts).
    logController: requestLogController(),
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  app.decorateRequest('tokenUserId', null);
  requireRouteDeclarations(app);

  const deps = createDeps(options);
  registerTelemetry(app, { metrics: options.metrics ?? getProcessMetrics(), metricsToken: config.processes?.metricsToken, isClusterWorker: isClusterWorker() });

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    // Served over plain http on 127.0.0.1: no HSTS, and no upgrade of same-origin requests to https.
    hsts: false,
    contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } },
    // The sign-in page keeps its reference to the identity provider's popup (decision 0064).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ledgerport API', version: '0.1.0', description: 'Every call of the Ledgerport web app. Errors use the ErrorBody shape.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  const webApp = await registerWebApp(app, config.webDistDir);
  registerErrorHandling(app, config.bodyLimitBytes, webApp);

  registerAuthRoutes(app, deps);
  registerSignUpRoutes(app, deps);
  registerIdentityProviderRoutes(app, deps);
  registerAccountUsersRoutes(app, deps);
  registerAccessRequestRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerAccountArchiveRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerFeatureFlagRoutes(app, deps);
  registerOrganizationRoutes(app, deps);
  registerPartnerRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerFirmInviteRoutes(app, deps);
  registerClarityRoutes(app, deps);
  registerClarityDocumentRoutes(app, deps);
  registerWhatsNewRoutes(app, deps);
  registerClientEventsRoutes(app, deps);
  registerAutomationRoutes(app, deps);
  registerBackendRoutes(app, deps);
  registerBackendUsersRoutes(app, deps);
  registerAccountAreaRoutes(app, deps);
  registerBackendQueryRoutes(app, deps);
  registerBackendChannelsRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerShopifyReports(app, deps);
  registerShopifyOrderSettingsRoutes(app, deps);
  registerB2bInvoiceReportRoutes(app, deps);
  registerAccountOverviewRoute(app, deps);
  registerExportDataRoute(app, deps);
  registerHealthRoute(app, deps);
  registerSettlementFeatures(app, deps);
  registerChannelConnections(app, deps);
  registerAccountingConnections(app, deps);
  registerPostingSettingsRoutes(app, deps);
  registerTaxSettingsRoutes(app, deps);
  registerNetSuiteConfigurationRoutes(app, deps);
  registerPaymentSourceSettingsRoutes(app, deps);
  registerQuestionnaireRoutes(app, deps);
  registerBilling(app, deps);

  await app.ready();
  if (options.jobs && options.isJobRunner !== false) await options.jobs.startWorkers(deps);
  return app;
}

/**
 * A job worker's own small server (LEDGERPORT_ROLE=worker, run on its own): /health, and /metrics when
 * its token is set, so a supervisor and Prometheus watch the process that runs the jobs. No API.
 */
export async function buildWorkerApp(deps: Deps, logger: FastifyBaseLogger, metrics: ProcessMetrics): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: logger, logController: requestLogController(), genReqId: (req) => requestIdFrom(req.headers['x-request-id']) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('caller', null);
  app.decorateRequest('tokenUserId', null);
  registerErrorHandling(app, deps.config.bodyLimitBytes, () => false);
  registerTelemetry(app, { metrics, metricsToken: deps.config.processes?.metricsToken, isClusterWorker: false });
  registerHealthRoute(app, deps);
  await app.ready();
  return app;
}
