// What a chat request must pass before its turn is placed (API.md "Chat"): no ban on its IP or user, the
// message limits (a refusal counts as a violation, reference §2.2), the model specs the server enforces and
// the moderation check. Each refusal is a plain JSON error.
import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import { AUTH_ERRORS } from '@parley/shared/schemas/auth';
import { AppError } from '../lib/errors';
import { assertModelSpec } from '../model-specs/check-model-spec';
import { countMessage, type LimitSubject } from './message-limits';
import { MODERATED_ENDPOINTS } from './moderation';
import { checkRequest, optionsOf, type StartInput } from './prepare-turn';
import type { ChatEngineDeps } from './run-context';

/** Violation points of a message over the IP or user limit (always 1 in the original product). */
export const MESSAGE_LIMIT_SCORE = 1;

async function refuseBanned(deps: ChatEngineDeps, subject: LimitSubject): Promise<void> {
  if (!deps.bans || (await deps.bans.banRemainingMs(subject)) <= 0) return;
  throw new AppError(403, AUTH_ERRORS.banned, { code: 'ban' });
}

async function countOrRecordViolation(deps: ChatEngineDeps, subject: LimitSubject): Promise<void> {
  try {
    await countMessage(deps.counters, deps.settings, subject);
  } catch (error) {
    if (error instanceof AppError && error.code === 'message_limit') {
      // The refusal stands even when the violation cannot be counted.
      await deps.bans?.recordViolation(subject, MESSAGE_LIMIT_SCORE).catch((cause: unknown) => {
        deps.logger.warn({ err: cause }, 'could not record a message_limit violation');
      });
    }
    throw error;
  }
}

function checkModelSpec(deps: ChatEngineDeps, body: ChatRequestBody): void {
  assertModelSpec(deps.modelSpecs, {
    ...optionsOf(body),
    endpoint: body.endpoint,
    endpointType: body.endpointType ?? null,
  });
}

async function moderate(deps: ChatEngineDeps, input: StartInput): Promise<void> {
  if (!deps.moderation || !MODERATED_ENDPOINTS.has(input.routeEndpoint)) return;
  if (!(await deps.moderation.isFlagged(input.body.text))) return;
  throw new AppError(400, 'Your message was flagged by moderation. Edit it or start a new conversation.', {
    code: 'moderation',
  });
}

/** Throws the first refusal; resolves when the request may go on. */
export async function admitRequest(deps: ChatEngineDeps, input: StartInput): Promise<void> {
  const subject: LimitSubject = { userId: input.userId, ip: input.ip };
  await refuseBanned(deps, subject);
  checkRequest(input);
  await countOrRecordViolation(deps, subject);
  checkModelSpec(deps, input.body);
  await moderate(deps, input);
}
