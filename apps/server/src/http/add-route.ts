/**
 * Registers one contract endpoint: its zod schemas become Fastify's validation, serialization and
 * OpenAPI, and its `access` decides authentication. Authentication runs in onRequest, before the
 * body is read, so an anonymous caller learns nothing about the request shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorBodySchema, errorMessages, type Endpoint } from '@ledgerport/contract';
import { refusalMessage, refusedEverywhere } from '@ledgerport/core/rules';
import { AppError } from './app-error';
import { findCaller, type Caller } from './caller';
import type { Deps } from './deps';
import { noEndpointMessage } from './error-handler';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<E extends Endpoint> {
  params: Out<E['params']>;
  query: Out<E['querystring']>;
  body: Out<E['body']>;
  caller: E['access'] extends 'public' ? Caller | null : Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Result<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : void;

/** The input of a route that checks its caller inside its own statement (addSignedInRoute). */
export interface SignedInRouteInput<E extends Endpoint> extends Omit<RouteInput<E>, 'caller'> {
  /** The user of a valid access token, not yet looked up: the route's statement reads the users row itself. */
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** The user of the valid access token (set before the caller is looked up). */
    tokenUserId: string | null;
  }
}

export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (input: RouteInput<E>) => Promise<Result<E>> | Result<E>,
): void {
  register(app, deps, endpoint, true, (request, reply) => handler({ ...inputOf<E>(request, reply), caller: request.caller as RouteInput<E>['caller'] }));
}

/**
 * A route for a signed-in user whose one statement reads the users row itself (see userMayOpen),
 * for the hottest reads: the token is verified before the body is read, as for every route, but the
 * caller is not looked up in a statement of its own (one round trip to PostgreSQL less). When the
 * statement finds nothing, the route calls `assertUserExists` (or selects `userExists`) to tell a
 * removed user (401) from a refused or missing row (404).
 */
export function addSignedInRoute<E extends Endpoint & { access: 'user'; effect: 'read' }>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  handler: (input: SignedInRouteInput<E>) => Promise<Result<E>> | Result<E>,
): void {
  register(app, deps, endpoint, false, (request, reply) => handler({ ...inputOf<E>(request, reply), userId: request.tokenUserId! }));
}

/** What every handler gets, whoever the caller is. */
function inputOf<E extends Endpoint>(request: FastifyRequest, reply: FastifyReply): Omit<RouteInput<E>, 'caller'> {
  return { params: request.params as Out<E['params']>, query: request.query as Out<E['querystring']>, body: request.body as Out<E['body']>, request, reply };
}

function register<E extends Endpoint>(
  app: FastifyInstance,
  deps: Deps,
  endpoint: E,
  loadCaller: boolean,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  const status = endpoint.status ?? 200;
  const planFeature = endpoint.planFeature;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.url,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: {
        ...(endpoint.response ? { [status]: endpoint.response } : {}),
        '4xx': errorBodySchema,
        '5xx': errorBodySchema,
      },
    },
    // The route's declared effect, read by the route-declaration test and the account checks.
    config: { effect: endpoint.effect },
    onRequest: async (request) => {
      request.caller = await authenticate(deps, request, endpoint, loadCaller);
    },
    // The spec's callers send some bodies in the query string (bodyInQuery): merged before validation.
    preValidation: endpoint.bodyInQuery
      ? (request, _reply, done) => {
          try {
            mergeQueryIntoBody(request);
            done();
          } catch (error) {
            done(error as Error);
          }
        }
      : [],
    // A plan feature (decision 0040) is checked once the request is valid, before the handler runs.
    preHandler: planFeature ? async (request) => deps.planGate(deps, request.caller, request, planFeature) : [],
    handler: async (request, reply) => {
      const result = await handler(request, reply);
      // The zod serializer checks `result` against the response schema; the route's generic reply
      // type cannot express a status chosen at run time.
      const plain = reply as unknown as FastifyReply;
      // A download route sends its own body (a file) and returns nothing.
      if (plain.sent) return plain;
      if (status === 204) return plain.status(204).send();
      if (status === 302) return plain;
      return plain.status(status).send(result);
    },
  });
}

/**
 * An endpoint with `bodyInQuery`: the query string's fields join the body before it is validated
 * (the spec's callers send `settlementSend?settlementKey&action`). A field given in both places must
 * have the same value: two different settlement keys in one request are refused, never guessed.
 */
function mergeQueryIntoBody(request: FastifyRequest): void {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (name in body && JSON.stringify(body[name]) !== JSON.stringify(value))
      throw new AppError('request.invalid', `${name} is given in both the query string and the body, with different values. Give it once.`, [{ path: name, message: 'given twice' }]);
    body[name] = value;
  }
  request.body = body;
}

/** The bearer token of a request, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The caller of the request (null for an anonymous call to a public route, or when `loadCaller` is false: then only `tokenUserId` is set). */
async function authenticate(deps: Deps, request: FastifyRequest, endpoint: Endpoint, loadCaller: boolean): Promise<Caller | null> {
  const { access, effect } = endpoint;
  request.tokenUserId = null;
  const token = bearerToken(request);
  if (access === 'public') {
    if (!token) return null;
    const check = await deps.accessTokens.check(token);
    return check.status === 'valid' ? ((await findCaller(deps.db, check.userId, effect)) ?? null) : null;
  }
  if (!token) throw new AppError('auth.unauthenticated', errorMessages.unauthenticated);
  const check = await deps.accessTokens.check(token);
  if (check.status === 'expired') throw new AppError('auth.access-token-expired', errorMessages.accessTokenExpired);
  if (check.status === 'invalid') throw new AppError('auth.unauthenticated', errorMessages.unauthenticated);
  request.tokenUserId = check.userId;
  if (!loadCaller) return null;
  const caller = await findCaller(deps.db, check.userId, effect);
  if (!caller) throw new AppError('auth.unauthenticated', errorMessages.unauthenticated);
  // Spec section 6: an admin-only call answers a non-admin like a missing page, not with 403.
  if (access === 'admin' && !caller.isAdmin) throw new AppError('not-found', noEndpointMessage(request));
  // A user who may only read anywhere (CLARITY_VIEW_ONLY) is refused every change before its body is read.
  if (refusedEverywhere(caller, effect)) throw new AppError('auth.forbidden', refusalMessage('read', effect), { effect, level: 'read' });
  return caller;
}
