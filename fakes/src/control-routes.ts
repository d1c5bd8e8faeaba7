// `/__control/*`: lets a test, in this process or another, script the fake and read what it received.
import type { ServerResponse } from 'node:http';
import { parseJson, sendJson } from './http-io';
import { parseScript, ScriptValidationError } from './parse-script';
import type { RequestLog } from './request-log';
import type { ScriptQueue } from './script-queue';
import type { ScriptedReply, ScriptInput } from './script-types';

/** `R` is the fake's reply type: the OpenAI one by default, another vendor's for other fakes. */
export interface ControlDeps<R extends object = ScriptedReply> {
  queue: ScriptQueue<R>;
  log: RequestLog;
}

/** Checks an untrusted script body; throws ScriptValidationError with `"<path>: <problem>"`. */
export type ScriptParser<R extends object> = (value: unknown) => ScriptInput<R>;

function applyScript<R extends object>(
  res: ServerResponse,
  rawBody: string,
  deps: ControlDeps<R>,
  parse: ScriptParser<R>,
): void {
  const json = parseJson(rawBody);
  if (!json.ok) {
    sendJson(res, 400, { error: `script: invalid JSON (${json.error})` });
    return;
  }
  try {
    deps.queue.apply(parse(json.value));
  } catch (error) {
    if (error instanceof ScriptValidationError) {
      sendJson(res, 400, { error: error.message });
      return;
    }
    throw error;
  }
  sendJson(res, 200, { ok: true, pending: deps.queue.pending });
}

export function handleControl(
  res: ServerResponse,
  method: string,
  path: string,
  rawBody: string,
  deps: ControlDeps,
): void {
  routeControl(res, method, path, rawBody, deps, parseScript);
}

/** The control routes for any vendor's fake, given how to check that vendor's scripts. */
export function routeControl<R extends object>(
  res: ServerResponse,
  method: string,
  path: string,
  rawBody: string,
  deps: ControlDeps<R>,
  parse: ScriptParser<R>,
): void {
  const route = `${method} ${path}`;
  switch (route) {
    case 'POST /__control/script':
      applyScript(res, rawBody, deps, parse);
      return;
    case 'POST /__control/reset':
      deps.queue.reset();
      deps.log.clear();
      sendJson(res, 200, { ok: true });
      return;
    case 'POST /__control/release':
      deps.queue.gate.release();
      sendJson(res, 200, { ok: true });
      return;
    case 'GET /__control/requests':
      sendJson(res, 200, { requests: deps.log.all });
      return;
    default:
      sendJson(res, 404, { error: `unknown control route: ${route}` });
  }
}
