/**
 * An expected failure with an HTTP status. Thrown where it happens, mapped to the response once,
 * in the error handler. `code` is a stable machine-readable kind (SPEC §8), `fields` names the
 * request fields to blame.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      code?: string;
      fields?: Record<string, string>;
      details?: Record<string, unknown>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = options.code;
    this.fields = options.fields;
    this.details = options.details;
  }
}

export const notFound = (message = 'Not found'): AppError => new AppError(404, message);
export const badRequest = (message: string, fields?: Record<string, string>): AppError =>
  new AppError(400, message, fields ? { fields } : {});
