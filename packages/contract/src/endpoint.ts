/**
 * One endpoint = one contract entry: method, path, request schemas and the success response. The
 * server registers routes from these, the OpenAPI document is generated from them, and the web
 * imports the inferred types. Query strings are strict objects: an unknown parameter is a 400.
 */
import type { z } from 'zod';
import type { RouteEffect } from '@ledgerport/core/rules';
import type { PlanFeature } from '@ledgerport/core/billing';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  url: string;
  summary: string;
  tag: string;
  /** public: no token needed; user: a valid access token; admin: rootAdmin, supportLead or supportAdmin. */
  access: 'public' | 'user' | 'admin';
  /**
   * What the call does (core's role rule, packages/core/src/rules/permissions.ts): read, self (the
   * caller's own session or preferences), write (the account's bookkeeping) or manage (the owner's
   * settings). The server refuses a caller whose level in the account is lower, with 403.
   */
  effect: RouteEffect;
  /**
   * The plan feature the call belongs to (issue 16, decision 0040): with billing on, an account whose
   * plan lacks it is refused (402 billing.limit) with a message naming the plan that has it, before
   * the handler runs. The account is the request's accountKey (query, body or params) or the account
   * of its settlementKey.
   */
  planFeature?: PlanFeature;
  /**
   * The body's fields may come in the query string instead, as the spec's callers send them
   * (`POST settlementSend?settlementKey&action`): the server merges them into the body before it is
   * validated, and a field given in both places with different values is refused. The querystring
   * schema then lists the same fields, each optional.
   */
  bodyInQuery?: true;
  /** Path parameters (`:name` segments of the url), a strict object of safe texts. */
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Success status (200 unless stated). */
  status?: 200 | 204 | 302;
  response?: z.ZodType;
}

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** The request/response types of an endpoint, for typed clients. */
export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : never;
export type QueryOf<E extends Endpoint> = E['querystring'] extends z.ZodType ? z.input<E['querystring']> : never;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : void;
