import { errorBodySchema } from '@parley/shared/errors';
import type { FuzzResponse } from './fuzz-request';
import type { RouteFuzz } from './fuzz-table';
import { LEAK_PATTERNS } from './hostile-values';

/**
 * What every answer to hostile input must look like (API.md "Conventions"): never a 5xx, never a stack
 * trace or a source path, and every 4xx an error body with a readable message. Returns the problems.
 */
export function problemsOf(response: FuzzResponse, success: RouteFuzz['success']): string[] {
  const problems: string[] = [];
  const { statusCode: status, body } = response;
  if (status >= 500) problems.push(`answered ${status}`);
  const isStream = response.contentType.startsWith('text/event-stream');
  // A reply stream always ends with `final`, whatever the text held (API.md "Chat").
  if (status === 200 && isStream && !/event: final\n/.test(body)) problems.push('stream without final');
  for (const pattern of LEAK_PATTERNS) {
    if (pattern.test(body)) problems.push(`body leaks ${pattern}: ${body.slice(0, 300)}`);
  }
  if (status >= 400) problems.push(...errorBodyProblems(response));
  else if (!answersAs(response, success))
    problems.push(`${status} is not a ${success} answer: ${body.slice(0, 200)}`);
  return problems;
}

/** A success looks like what the route promises. */
function answersAs(response: FuzzResponse, success: RouteFuzz['success']): boolean {
  const type = response.contentType;
  switch (success) {
    case 'json':
      return type.startsWith('application/json') && isJson(response.body);
    case 'stream':
      return type.startsWith('text/event-stream');
    case 'redirect':
      return response.statusCode >= 300 && response.statusCode < 400;
    case 'empty':
      return response.body === '';
    case 'bytes':
      return response.statusCode === 200;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function errorBodyProblems(response: FuzzResponse): string[] {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return [`${response.statusCode} without a JSON body: ${response.body.slice(0, 200)}`];
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success)
    return [`${response.statusCode} body is not an error body: ${response.body.slice(0, 200)}`];
  const { message } = parsed.data;
  if (!isReadable(message))
    return [`${response.statusCode} message is not readable: ${JSON.stringify(message)}`];
  return [];
}

/** Words for a person: not empty, not a dump, no `[object Object]`. */
function isReadable(message: string): boolean {
  const trimmed = message.trim();
  return trimmed.length > 0 && trimmed.length <= 500 && !/\[object |undefined|^\W+$/.test(trimmed);
}
