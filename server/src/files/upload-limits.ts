import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@parley/shared/errors';
import type { ParsedEnv } from '../config/env';
import type { YamlConfig } from '../config/yaml-schema';
import type { Counters } from '../coordination/counters';

export interface UploadLimits {
  ip: { max: number; windowMs: number };
  user: { max: number; windowMs: number };
}

const MINUTE = 60_000;
export const TOO_MANY_UPLOADS = 'Too many file upload requests. Try again later';

/** `FILE_UPLOAD_*` from the environment, each overridden by the YAML `rateLimits.fileUploads`. */
export function uploadLimitsFrom(env: ParsedEnv, yaml: YamlConfig | undefined): UploadLimits {
  const fromYaml = yaml?.rateLimits?.fileUploads;
  return {
    ip: {
      max: fromYaml?.ipMax ?? env.FILE_UPLOAD_IP_MAX,
      windowMs: (fromYaml?.ipWindowInMinutes ?? env.FILE_UPLOAD_IP_WINDOW) * MINUTE,
    },
    user: {
      max: fromYaml?.userMax ?? env.FILE_UPLOAD_USER_MAX,
      windowMs: (fromYaml?.userWindowInMinutes ?? env.FILE_UPLOAD_USER_WINDOW) * MINUTE,
    },
  };
}

/**
 * A preHandler (after `authenticate`) that counts every upload per IP and per user on the shared counters;
 * past either limit the request gets `429` with `Retry-After`.
 */
export function limitUploads(counters: Counters, limits: UploadLimits) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const checks = [
      { key: `limit:file-upload:ip:${request.ip}`, ...limits.ip },
      { key: `limit:file-upload:user:${request.user.id}`, ...limits.user },
    ];
    let retryAfterMs = 0;
    for (const check of checks) {
      const state = await counters.increment(check.key, 1, check.windowMs);
      if (state.count > check.max) retryAfterMs = Math.max(retryAfterMs, state.resetInMs);
    }
    if (retryAfterMs === 0) return;
    await reply
      .status(429)
      .header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))))
      .send({ message: TOO_MANY_UPLOADS, code: 'file_upload_limit' } satisfies ErrorBody);
  };
}

/**
 * Counts one file a tool keeps for the user (the code interpreter's outputs) against the same per-user upload
 * limit as `POST /api/files`; false past it.
 */
export async function countToolUpload(
  counters: Counters,
  limits: UploadLimits,
  userId: string,
): Promise<boolean> {
  const state = await counters.increment(`limit:file-upload:user:${userId}`, 1, limits.user.windowMs);
  return state.count <= limits.user.max;
}
