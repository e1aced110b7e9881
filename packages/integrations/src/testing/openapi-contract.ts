// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module declaration cannot be imported; other workspaces need it in their program
/// <reference path="./swagger2openapi.d.ts" />
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument --
   vendor OpenAPI documents are untyped JSON, walked generically here. */
/**
 * Contract fetch: a fetch-compatible function that plays a vendor from its OpenAPI (or Swagger 2.0)
 * document. Every request is routed and validated (path, query, headers, security, JSON body) against
 * the spec; the answer is a per-test fixture (checked against the response schema), the spec's example
 * or a schema mock. Violations are collected; tests assert the list is empty.
 * See ../shared/reference/contract-testing.md for the traps this handles (quick mode, swagger2openapi,
 * `nullable` without `type`, ajv's unicodeRegExp, custom formats, 204 as null).
 */
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { load as parseYaml, CORE_SCHEMA } from 'js-yaml';
import { OpenAPIBackend, type Context } from 'openapi-backend';
import s2o from 'swagger2openapi';

/** A reply of a fixture or raw route. A string/bytes body is sent as is; anything else as JSON. */
export interface ContractReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FixtureHandler = (c: Context) => ContractReply | Promise<ContractReply>;
/** A route outside the spec the vendor documents (OAuth token endpoint, pre-signed download URL). */
export type RawHandler = (request: Request, url: URL) => ContractReply | Promise<ContractReply>;

export interface ContractOptions {
  /** Shown in violations; e.g. 'amazon-reports'. */
  name: string;
  /** Path of a .json/.yaml spec, or the parsed document. */
  spec: string | Record<string, unknown>;
  /** Where the client sends requests: origin and apiRoot (e.g. https://apiz.ebay.com/sell/finances/v1). */
  baseUrl: string;
  /** Rules the vendor documents but the spec omits; mutates the (converted) document. */
  overlay?: (doc: any) => void;
  /** Security scheme name -> is the request authorised. Unnamed schemes are accepted. */
  security?: Record<string, (c: Context) => boolean>;
  /** Extra checks on every routed request (e.g. headers the spec does not declare). Return violations. */
  check?: (c: Context) => string[];
}

export interface CallRecord {
  operationId: string | null;
  method: string;
  url: string;
  status: number;
}

export interface Contract {
  name: string;
  baseUrl: string;
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  violations: string[];
  calls: CallRecord[];
  respondWith: (operationId: string, handler: FixtureHandler) => void;
  /** Serve a documented route that is not in the spec (method + path prefix relative to baseUrl origin). */
  route: (method: string, pathPrefix: string, handler: RawHandler) => void;
  /** Whether this contract serves the URL (an operation of its spec or one of its raw routes). */
  handles: (method: string, url: string) => boolean;
  reset: () => void;
}

const specCache = new Map<string, Promise<any>>();

/** Etsy declares `nullable` on schemas without `type`, which ajv refuses. */
function stripNullableWithoutType(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(stripNullableWithoutType);
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if ('nullable' in o && !('type' in o)) delete o.nullable;
  for (const v of Object.values(o)) stripNullableWithoutType(v);
}

async function loadSpec(spec: string): Promise<any> {
  let cached = specCache.get(spec);
  if (!cached) {
    cached = (async () => {
      const text = readFileSync(spec, 'utf8');
      let doc: any = spec.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { schema: CORE_SCHEMA });
      if (doc.swagger) doc = (await s2o.convertObj(doc, { patch: true, warnOnly: true })).openapi;
      stripNullableWithoutType(doc);
      return doc;
    })();
    specCache.set(spec, cached);
  }
  // Each contract gets its own copy: overlays must not leak between contracts.
  return structuredClone(await cached);
}

function isRawBody(body: unknown): body is string | Uint8Array {
  return typeof body === 'string' || body instanceof Uint8Array;
}

export function toResponse(r: ContractReply): Response {
  const headers = new Headers(r.headers ?? {});
  if (r.status === 204 || r.body === undefined) return new Response(null, { status: r.status, headers });
  if (isRawBody(r.body)) {
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain');
    return new Response(r.body as ConstructorParameters<typeof Response>[0], { status: r.status, headers });
  }
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(r.body), { status: r.status, headers });
}

export async function createContract(o: ContractOptions): Promise<Contract> {
  const doc = typeof o.spec === 'string' ? await loadSpec(o.spec) : structuredClone(o.spec);
  o.overlay?.(doc);
  const base = new URL(o.baseUrl);
  const apiRoot = base.pathname.replace(/\/$/, '') || '/';
  const violations: string[] = [];
  const calls: CallRecord[] = [];
  const fixtures = new Map<string, FixtureHandler>();
  const raw: { method: string; prefix: string; handler: RawHandler }[] = [];
  const fail = (status: number, msg: string): ContractReply => {
    violations.push(`${o.name}: ${msg}`);
    return { status, body: { violation: msg } };
  };
  const api = new OpenAPIBackend({
    definition: doc,
    apiRoot,
    quick: true,
    validate: true,
    ajvOpts: { allErrors: true, unicodeRegExp: false, strict: false },
    customizeAjv: (ajv: Ajv) => {
      addFormats(ajv);
      ajv.addFormat('ISO 3166-1 alpha-2', /^[A-Z]{2}$/);
      // PayPal's named formats (their own definitions: ISO 8601 with offset, ISO 4217 code).
      ajv.addFormat('ppaas_date_time_v3', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/);
      ajv.addFormat('ppaas_common_currency_code_v2', /^[A-Z]{3}$/);
      ajv.addFormat('ppaas_common_country_code_v2', /^([A-Z]{2}|C2)$/);
      ajv.addFormat('ppaas_common_email_address_v2', /^.+@[^"-].+$/);
      ajv.addFormat('ppaas_common_percentage_v2', /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/);
      ajv.addFormat('ppaas_payment_method_v1', /.*/);
      return ajv;
    },
  });
  api.register({
    notFound: (c: Context) => fail(404, `${c.request.method} ${c.request.path}: not in spec`),
    methodNotAllowed: (c: Context) => fail(405, `${c.request.method} ${c.request.path}: method not in spec`),
    unauthorizedHandler: (c: Context) => fail(401, `${c.operation.operationId}: security not met`),
    validationFail: (c: Context) =>
      fail(400, `${c.operation.operationId}: ` + (c.validation.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')),
    notImplemented: async (c: Context) => {
      const id = c.operation.operationId!;
      const extra = o.check?.(c) ?? [];
      for (const v of extra) violations.push(`${o.name}: ${id}: ${v}`);
      const fixture = fixtures.get(id);
      if (!fixture) {
        const { status, mock } = c.api.mockResponseForOperation(id);
        return { status, body: mock };
      }
      const reply = await fixture(c);
      const declared = c.operation.responses?.[String(reply.status)] as any;
      const isJson = !isRawBody(reply.body) && declared?.content && Object.keys(declared.content).some((t) => /json/.test(t));
      if (!declared && !c.operation.responses?.default) violations.push(`${o.name}: ${id}: fixture status ${reply.status} not in spec`);
      if (isJson || reply.status === 204) {
        const check = c.api.validateResponse(reply.body ?? null, c.operation, reply.status);
        if (check.errors?.length)
          violations.push(`${o.name}: ${id}: fixture breaks spec: ` + check.errors.slice(0, 5).map((e) => `${e.instancePath} ${e.message}`).join('; ') + (check.errors.length > 5 ? ` (and ${check.errors.length - 5} more)` : ''));
      }
      return reply;
    },
  });
  for (const [name, ok] of Object.entries(o.security ?? {})) api.registerSecurityHandler(name, ok);
  await api.init();

  async function fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const record = (operationId: string | null, status: number) =>
      calls.push({ operationId, method: req.method, url: req.url, status });
    if (url.origin !== base.origin) {
      fail(599, `unexpected host ${url.origin}`);
      record(null, 599);
      return new Response(null, { status: 599 });
    }
    const rawRoute = raw.find((r) => r.method === req.method && url.pathname.startsWith(r.prefix));
    if (rawRoute) {
      const reply = await rawRoute.handler(req, url);
      record(null, reply.status);
      return toResponse(reply);
    }
    const text = await req.text();
    const headers = Object.fromEntries(req.headers);
    let body: unknown = text || undefined;
    if (text && /json/.test(headers['content-type'] ?? '')) {
      try {
        body = JSON.parse(text);
      } catch {
        return toResponse(fail(400, `${req.method} ${url.pathname}: body is not JSON`));
      }
    }
    const reply = (await api.handleRequest({ method: req.method, path: url.pathname, query: url.search.slice(1), headers, body: body as any })) as ContractReply;
    const operation = api.matchOperation({ method: req.method, path: url.pathname, headers, query: url.search.slice(1) });
    record(operation?.operationId ?? null, reply.status);
    return toResponse(reply);
  }

  return {
    name: o.name,
    baseUrl: o.baseUrl,
    fetch,
    violations,
    calls,
    respondWith: (id, handler) => {
      if (!api.getOperation(id)) throw new Error(`${o.name}: no operation ${id} in the spec`);
      fixtures.set(id, handler);
    },
    route: (method, prefix, handler) => raw.push({ method: method.toUpperCase(), prefix, handler }),
    handles: (method, url) => {
      const u = new URL(url);
      if (u.origin !== base.origin) return false;
      if (raw.some((r) => r.method === method.toUpperCase() && u.pathname.startsWith(r.prefix))) return true;
      return Boolean(api.matchOperation({ method, path: u.pathname, headers: {}, query: u.search.slice(1) }));
    },
    reset: () => {
      violations.length = 0;
      calls.length = 0;
      fixtures.clear();
      raw.length = 0;
    },
  };
}

/**
 * Several contracts behind one fetch: the first that serves the URL answers; otherwise the first of
 * the same origin does (and records the unknown path as its violation).
 */
export function combineContracts(contracts: Contract[]): Contract['fetch'] {
  return async (input, init) => {
    const req = new Request(input, init);
    const target = contracts.find((c) => c.handles(req.method, req.url)) ?? contracts.find((c) => new URL(c.baseUrl).origin === new URL(req.url).origin) ?? contracts[0];
    if (!target) return new Response(JSON.stringify({ violation: `no contract serves ${req.url}` }), { status: 599 });
    return target.fetch(req);
  };
}

/** A request header as one string ('' when absent), for security handlers and checks. */
export function headerOf(c: Context, name: string): string {
  const v = (c.request.headers as Record<string, string | string[] | undefined>)[name.toLowerCase()];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
}

/** The usual OAuth 2.0 check: `Authorization: Bearer <token>`. */
export const isBearer = (c: Context): boolean => /^Bearer \S+$/.test(headerOf(c, 'authorization'));
