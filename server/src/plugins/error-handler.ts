import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@parley/shared/errors';
import { AppError } from '../lib/errors';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

/** Maps every error to the API error body once (API.md "Conventions"); nothing else sends errors. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody & Record<string, unknown> = { ...error.details, message: error.message };
      if (error.code) body.code = error.code;
      if (error.fields) body.fields = error.fields;
      // A server-side failure with a text of its own (file processing, storage down): its cause is logged.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        fields[field] ??= readableProblem(issue.keyword, issue.message ?? 'is invalid');
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'Invalid request';
      return reply.status(400).send({ message, fields } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type …).
      return reply
        .status(status)
        .send({ message: clientMessage(error), code: error.code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC_500 } satisfies ErrorBody);
  });
}

function readableProblem(keyword: string, message: string): string {
  if (keyword === 'invalid_type' && /received undefined/.test(message)) return 'is required';
  return message;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported media type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty but declared as JSON';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      // Fastify's messages for 4xx are written for clients; strip anything multi-line.
      return error.message.split('\n')[0] ?? 'Bad request';
  }
}
