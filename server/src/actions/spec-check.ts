// Checks an action's OpenAPI 3 spec (JSON or YAML) as SPEC §5 "Spec import" says, with
// @apidevtools/swagger-parser: `$ref`s inside the document are resolved (cyclic ones are left as `$ref` for
// deriveFunctions to cut), a reference to nothing only warns and becomes an empty schema, and references to
// other files or URLs are never followed (they would read the server's disk or reach any address).
// CPU-heavy (parsing a 1 MB document, swagger-parser compiling the OpenAPI JSON Schema on every call,
// planning every operation's function): it all runs in spec-worker.ts, and validate-spec.ts is the way in.
// The limits (docs/decisions.md "An action has at most 128 operations, an assistant 128 tools …"): at most
// MAX_ACTION_OPERATIONS operations per spec, and function definitions no larger than an assistant's tools may be.
// The rules checked before validation are packages/shared's (actions/spec-rules.ts), which the action editor's
// preview applies too.
import type { OpenAPI } from 'openapi-types';
import {
  firstServerUrl as firstServer,
  readSpec,
  SPEC_TEXTS,
  specProblems,
  specProblemText,
  withDetail,
  type SpecParsers,
} from '@parley/shared/actions/spec-rules';
import { MAX_ACTION_OPERATIONS } from '@parley/shared/schemas/action';
import { MAX_ASSISTANT_TOOLS_CHARS } from '@parley/shared/schemas/assistant';
import { functionChars, functionsOf, planOperations, resolvePointer, type OperationPlan } from './operations';
import type { ActionSpec } from './types';
import { yamlModule } from '../lib/yaml';

export { SPEC_TEXTS, MAX_SPEC_BYTES } from '@parley/shared/actions/spec-rules';

/** The parsers the shared rules take: the `yaml` package and WHATWG URL. */
const PARSERS: SpecParsers<URL> = {
  yaml: (text, options) => yamlModule().parse(text, options),
  url: (text) => (URL.canParse(text) ? new URL(text) : undefined),
};

/** The first server's URL, when it is an absolute http(s) URL (server variables take their defaults). */
export const firstServerUrl = (spec: { servers?: unknown }) => firstServer(spec, PARSERS);

/** A refusal; `busy` when the spec was not checked because its owner already has too many waiting (429). */
export type SpecFailure = { ok: false; message: string; busy?: true };

export type SpecValidation = { ok: true; spec: ActionSpec; warnings: string[] } | SpecFailure;

/** A spec checked and planned in the worker: what saving an action and running its functions need. */
export type SpecPlanning =
  | {
      ok: true;
      /** The action's domain (see `prepareActionSpec`). */
      domain: string;
      /** The first server's URL, variables substituted. */
      serverUrl: string;
      plans: OperationPlan[];
      /** `functionChars` of the plans' functions. */
      chars: number;
      warnings: string[];
    }
  | SpecFailure;

const count = (value: number): string => value.toLocaleString('en-US');

export const tooManyOperations = (operations: number): string =>
  specProblemText({ code: 'too_many_operations', operations });

export const FUNCTIONS_TOO_LARGE =
  `The functions of this OpenAPI spec take more than ${count(MAX_ASSISTANT_TOOLS_CHARS)} characters, the ` +
  `most an assistant's tools may take. Remove operations or shorten their parameter schemas.`;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function fail(message: string, detail?: string): { ok: false; message: string } {
  return { ok: false, message: withDetail(message, detail) };
}

/**
 * Replaces every `$ref` that names nothing in the document, or another document, by an empty schema (its
 * sibling keys kept), with a warning each. Iterative: a deeply nested document cannot overflow the stack.
 */
function neutralizeRefs(root: Json, warnings: string[]): void {
  const stack: unknown[] = [root];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (!isObject(node)) continue;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const local = ref.startsWith('#');
      if (!local || resolvePointer(root, ref) === undefined) {
        delete node.$ref;
        if (!seen.has(ref)) {
          seen.add(ref);
          warnings.push(
            local
              ? `Unknown reference "${ref.slice(0, 200)}": an empty schema is used.`
              : `External reference "${ref.slice(0, 200)}" is not followed: an empty schema is used.`,
          );
        }
      }
    } else if (ref !== undefined) {
      delete node.$ref;
    }
    for (const value of Object.values(node))
      if (typeof value === 'object' && value !== null) stack.push(value);
  }
}

export async function checkActionSpec(raw: string): Promise<SpecValidation> {
  const read = readSpec(raw, PARSERS);
  if (!read.ok) return fail(specProblemText(read.problem));
  const parsed = read.doc;
  const [problem] = specProblems(parsed, PARSERS);
  if (problem) return fail(specProblemText(problem));

  const warnings: string[] = [];
  try {
    neutralizeRefs(parsed, warnings);
    // Loaded here, in the spec worker, not by the server's modules that share this file's helpers.
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const validated = await SwaggerParser.validate(parsed as unknown as OpenAPI.Document, {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: 'ignore' },
    });
    return { ok: true, spec: validated as ActionSpec, warnings };
  } catch (error) {
    const detail =
      error instanceof RangeError
        ? 'The spec is nested too deeply.'
        : error instanceof Error
          ? error.message
          : undefined;
    return fail(SPEC_TEXTS.parseError, detail);
  }
}

function hostOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return new URL(raw).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks a spec and plans its functions, within the limits. The domain is `domain.exact` when given (an
 * action already saved: its stored domain names its functions), else the host of the spec's first server
 * URL as written, else `domain.fallback` (the save's `metadata.domain`: its host if it is a URL), else the
 * first server's host with its variables substituted.
 */
export async function prepareActionSpec(
  raw: string,
  domain: { exact?: string; fallback?: string } = {},
): Promise<SpecPlanning> {
  const checked = await checkActionSpec(raw);
  if (!checked.ok) return checked;
  const { spec, warnings } = checked;
  const server = firstServerUrl(spec);
  if (!server) return fail(SPEC_TEXTS.noServer);
  const fallback = domain.fallback === '' ? undefined : domain.fallback;
  const name =
    domain.exact ?? hostOf(spec.servers?.[0]?.url) ?? hostOf(fallback) ?? fallback ?? server.hostname;
  const plans = [...planOperations(spec, name).values()];
  // Path items behind a `$ref` were not counted before validation.
  if (plans.length > MAX_ACTION_OPERATIONS) return fail(tooManyOperations(plans.length));
  const chars = functionChars(functionsOf(plans), MAX_ASSISTANT_TOOLS_CHARS);
  if (chars > MAX_ASSISTANT_TOOLS_CHARS) return fail(FUNCTIONS_TOO_LARGE);
  return { ok: true, domain: name, serverUrl: server.href, plans, chars, warnings };
}

/** What the spec worker is asked to do. */
export type SpecTask =
  | { kind: 'validate'; raw: string }
  | { kind: 'plan'; raw: string; domain: { exact?: string; fallback?: string } };

export async function runSpecTask(task: SpecTask): Promise<SpecValidation | SpecPlanning> {
  try {
    return task.kind === 'validate'
      ? await checkActionSpec(task.raw)
      : await prepareActionSpec(task.raw, task.domain);
  } catch (error) {
    return fail(
      SPEC_TEXTS.parseError,
      error instanceof RangeError ? 'The spec is nested too deeply.' : undefined,
    );
  }
}
