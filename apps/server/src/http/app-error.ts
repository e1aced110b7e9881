import { errorStatusByCode, type ErrorCode } from '@ledgerport/contract';

/** The one error a feature throws; the error handler turns it into the contract's error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpStatusCode: number;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.httpStatusCode = errorStatusByCode[code];
    this.details = details;
  }
}
