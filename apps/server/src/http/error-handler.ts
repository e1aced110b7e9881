/**
 * Turns every failure into the contract's error shape { message, code, httpStatusCode, details? }:
 * AppError as thrown, zod validation issues as request.invalid with the fields listed, Fastify's
 * body errors (malformed JSON, too large, wrong media type) and broken multipart uploads with a sentence
 * saying what is wrong, a value the database refused (PostgreSQL class 22) as a 400 with its sentence,
 * and anything else as a logged 500 that leaks nothing.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, type ErrorBody, type ErrorCode, type InvalidField, errorStatusByCode } from '@ledgerport/contract';
import { AppError } from './app-error';
import type { WebAppFallback } from './web-app';

const partNames: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path',
  headers: 'headers',
};

export function registerErrorHandling(app: FastifyInstance, bodyLimitBytes: number, webApp: WebAppFallback): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error.code, error.message, error.details);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const fields: InvalidField[] = error.validation.map((issue) => describeIssue(part, issue));
      const listed = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ');
      return send(reply, 'request.invalid', `The ${partNames[part] ?? part} is not valid. ${listed}`, fields);
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 'request.malformed-json', `The request body is not valid JSON: ${error.message}`);
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 'request.malformed-json', 'The request body is empty but its Content-Type says JSON; send a JSON value or no Content-Type.');
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 'request.too-large', `The request body is larger than the limit of ${formatBytes(bodyLimitBytes)}.`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 'request.unsupported-media-type', `Content-Type "${request.headers['content-type'] ?? ''}" is not accepted; send application/json.`);
    }

    const multipartProblem = describeMultipartProblem(error, request.headers['content-type']);
    if (multipartProblem) return send(reply, multipartProblem.code, multipartProblem.message);

    // A value the database could not take (PostgreSQL class 22, data exception: a number out of range,
    // an impossible date, text in a number...). The contract is meant to refuse such input first; one that
    // gets through is still the request's fault, answered with the database's own sentence (it names the
    // value and type, never a table) and logged so the contract can be tightened.
    const dataException = describeDataException(error);
    if (dataException) {
      request.log.warn({ err: error }, 'database data exception answered as 400');
      return send(reply, 'request.invalid', dataException);
    }

    // A 4xx from Fastify itself (bad content length, malformed URL...): its message already says what.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message, code: 'request.invalid', httpStatusCode: error.statusCode } satisfies ErrorBody);
    }

    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 'internal', errorMessages.internal);
  });

  app.setNotFoundHandler((request, reply) => {
    if (webApp(request, reply)) return reply;
    return send(reply, 'not-found', noEndpointMessage(request));
  });
}

/** What a call to a path with no endpoint reads; an admin-only call made by a non-admin reads the same (spec section 6). */
export function noEndpointMessage(request: FastifyRequest): string {
  return `There is no endpoint ${request.method} ${request.url.split('?')[0] ?? ''}.`;
}

export function send(reply: FastifyReply, code: ErrorCode, message: string, details?: unknown): FastifyReply {
  const httpStatusCode = errorStatusByCode[code];
  const body: ErrorBody = { message, code, httpStatusCode, ...(details === undefined ? {} : { details }) };
  return reply.status(httpStatusCode).type('application/json; charset=utf-8').send(body);
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

function describeIssue(part: string, issue: ValidationIssue): InvalidField {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    const what = part === 'querystring' ? 'query parameter' : 'field';
    return { path, message: `Unknown ${what}${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}.` };
  }
  if (issue.keyword === 'invalid_type' && issue.message?.includes('received undefined')) {
    return { path, message: 'This field is required.' };
  }
  return { path, message: issue.message ?? 'Not valid.' };
}

const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_REQ_FILE_TOO_LARGE']);
const MULTIPART_INVALID_CODES = new Set(['FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_MP_PREMATURE_CLOSE']);
/**
 * busboy (under @fastify/multipart) fails a broken body with plain Errors carrying no code or status;
 * these messages are its only mark: no boundary in the Content-Type, and a body that ends before its
 * closing boundary (or never uses the boundary named).
 */
const BUSBOY_BODY_MESSAGES = [/^Multipart: Boundary not found$/, /^Unexpected end of multipart data$/, /terminated early due to unexpected end of multipart data$/, /^Malformed part header$/];

/** A multipart body the parser refused, as the error to answer; undefined for anything else. */
function describeMultipartProblem(error: FastifyError, contentType: string | undefined): { code: ErrorCode; message: string } | undefined {
  if (!contentType?.toLowerCase().startsWith('multipart/')) return undefined;
  if (MULTIPART_LIMIT_CODES.has(error.code)) return { code: 'request.too-large', message: `The upload has too many parts or a part larger than the limit (${error.message}).` };
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return { code: 'request.unsupported-media-type', message: 'Upload the settlement files as multipart/form-data, in parts named file.' };
  const isBodyProblem = MULTIPART_INVALID_CODES.has(error.code) || (error.code === undefined && BUSBOY_BODY_MESSAGES.some((m) => m.test(error.message)));
  if (!isBodyProblem) return undefined;
  return {
    code: 'request.invalid',
    message: `The upload is not a complete multipart/form-data body (${error.message}). Send the files as multipart/form-data parts with the boundary the Content-Type names, ending with the closing boundary.`,
  };
}

/** PostgreSQL's SQLSTATE class 22 (data exception), from pg or PGlite, as the sentence to answer; undefined otherwise. */
export function describeDataException(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  const message = (error as { message?: unknown }).message;
  const said = typeof message === 'string' && message.length > 0 ? message.split('\n')[0]!.slice(0, 300) : 'a value is not valid';
  return `A value in the request could not be used: ${said}. Check the values sent and try again.`;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

