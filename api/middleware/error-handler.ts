import type { Middleware } from 'koa';
import { DataError, UniqueViolationError } from 'objection';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { Logger } from '../logger.ts';

interface THttpLikeError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  code?: string;
  type?: string;
  /** Objection wraps driver errors; the PostgreSQL code is on the original. */
  nativeError?: { code?: string };
}

/** Known client-error statuses raised by the body parser and friends, with their stable codes. */
const HTTP_CODES: Record<number, [string, string]> = {
  400: ['bad_request', 'The request could not be read'],
  413: ['payload_too_large', 'The request body is too large'],
  415: ['unsupported_media_type', 'Unsupported content type'],
};

/**
 * The one error middleware: every failure leaves as `{ error: { code, message, ...extra } }`.
 * Client errors keep their status; anything unexpected is a 500 `internal_error` with no internals.
 */
export function errorHandler(log: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const err = raw as THttpLikeError & Error;
      let status = 500;
      let body: Record<string, unknown>;
      if (raw instanceof AppError) {
        status = raw.status;
        body = { code: raw.code, message: raw.message, ...raw.extra };
        for (const [k, v] of Object.entries(raw.headers)) ctx.set(k, v);
      } else if (raw instanceof z.ZodError) {
        status = 400;
        body = validationBody(raw);
      } else if (raw instanceof UniqueViolationError || sqlState(err) === '23505') {
        status = 409;
        body = { code: 'conflict', message: 'That already exists' };
      } else if (raw instanceof DataError || sqlState(err)?.startsWith('22')) {
        // PostgreSQL refused a value (class 22: data exception): input the schemas let through.
        status = 400;
        body = { code: 'invalid_input', message: 'The request holds a value that cannot be stored' };
      } else {
        const s = err.status ?? err.statusCode;
        if (s && s >= 400 && s < 500) {
          status = s;
          const known = HTTP_CODES[s];
          const invalidJson = err.type === 'entity.parse.failed' || /JSON/i.test(err.message ?? '');
          body = {
            code: invalidJson ? 'invalid_json' : (known?.[0] ?? 'bad_request'),
            message: invalidJson ? 'The request body is not valid JSON' : (known?.[1] ?? 'Bad request'),
          };
        } else {
          body = { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
        }
      }
      if (status >= 500) log.error({ err: raw, reqId: ctx.state.reqId }, 'request failed');
      ctx.status = status;
      ctx.body = { error: body };
    }
  };
}

/** The PostgreSQL SQLSTATE of a database error, raw or wrapped by Objection. */
function sqlState(err: THttpLikeError): string | undefined {
  const code = err.nativeError?.code ?? err.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** A zod failure as a 400 body naming the first field at fault. */
export function validationBody(error: z.ZodError): Record<string, unknown> {
  const first = error.issues[0];
  const field = first?.path.join('.') || 'body';
  return {
    code: 'validation_error',
    message: first ? `${field}: ${first.message}` : 'Invalid request',
    fields: error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
  };
}
