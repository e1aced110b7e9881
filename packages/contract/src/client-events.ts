/**
 * The browser's calls of spec section 7 (issue 30, decision 0069): analytics events (onboarding,
 * mappings, settlements, billing, exports, navigation; tagged with feature, sales channel and
 * accounting system) and `js_error` events (uncaught errors and failed calls, with trace id, url,
 * method, status, and the route, release and stack). They are stored by the server and never sent to a
 * third party. A user may send at most a few a minute (429 beyond, and nothing is stored); staff read
 * the errors in the backend, grouped by message.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { safeTextSchema } from './safe-text';

/** The name of a browser error event, as the spec's callers send it. */
export const JS_ERROR_EVENT = 'js_error';

const shortText = (max: number, what: string) => safeTextSchema.trim().max(max, `The ${what} is too long (at most ${max} characters).`);

/**
 * The analytics events the web app sends (decision 0070), a closed list: navigation (one per page the
 * person stays on), onboarding, mappings, settlements, billing and exports. Anything else is refused.
 */
export const ANALYTICS_EVENTS = [
  'page_viewed',
  'onboarding_signed_up',
  'onboarding_account_created',
  'onboarding_questionnaire_finished',
  'mapping_saved',
  'settlement_sent',
  'settlement_bulk_action',
  'billing_checkout_started',
  'export_downloaded',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

export const clientEventBodySchema = z
  .strictObject({
    /** 'js_error', or one of the analytics events. */
    event: z.enum([JS_ERROR_EVENT, ...ANALYTICS_EVENTS], { error: `The event must be ${JS_ERROR_EVENT} or one of ${ANALYTICS_EVENTS.join(', ')}.` }),
    feature: shortText(100, 'feature').optional(),
    salesChannel: shortText(50, 'sales channel').optional(),
    accountingSystem: shortText(50, 'accounting system').optional(),
    /** The error's message (required for js_error). */
    message: shortText(1000, 'message').min(1, 'The message is empty.').optional(),
    /** The web app's route (path) where it happened. */
    route: shortText(500, 'route').optional(),
    /** The web app's release (its build version). */
    release: shortText(100, 'release').optional(),
    stack: safeTextSchema.max(8000, 'The stack is too long (at most 8000 characters).').optional(),
    traceId: shortText(100, 'trace id').optional(),
    url: shortText(1000, 'url').optional(),
    method: shortText(10, 'method').optional(),
    status: z.number().int('status must be a whole number.').min(0).max(999).optional(),
  })
  .refine((b) => b.event !== JS_ERROR_EVENT || b.message !== undefined, { path: ['message'], error: 'A js_error event needs its message.' })
  .meta({ id: 'ClientEvent' });
export type ClientEventBody = z.infer<typeof clientEventBodySchema>;

export const sendClientEvent = defineEndpoint({
  method: 'POST',
  url: '/events',
  summary: 'Store an analytics or js_error event of the signed-in user (at most a few a minute; never sent to a third party).',
  tag: 'other',
  access: 'user',
  effect: 'self',
  body: clientEventBodySchema,
  status: 204,
});

export const clientErrorGroupSchema = z
  .object({
    message: z.string(),
    count: z.number().int(),
    /** How many different users reported it. */
    userCount: z.number().int(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
    /** The latest report's details, as a sample. */
    route: z.string().nullable(),
    release: z.string().nullable(),
    stack: z.string().nullable(),
  })
  .meta({ id: 'ClientErrorGroup' });
export type ClientErrorGroup = z.infer<typeof clientErrorGroupSchema>;

export const listClientErrors = defineEndpoint({
  method: 'GET',
  url: '/backend/client-errors',
  summary: "The browser errors users' web apps reported, grouped by message, most recent first (admin only).",
  tag: 'backend',
  access: 'admin',
  effect: 'read',
  querystring: z.strictObject({
    limit: z.coerce.number().int('limit must be a whole number.').min(1, 'limit must be at least 1.').max(200, 'limit must be at most 200.').default(50),
  }),
  response: z.object({ groups: z.array(clientErrorGroupSchema), total: z.number().int() }),
});
