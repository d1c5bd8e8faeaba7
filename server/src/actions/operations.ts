// Turns an action's OpenAPI operations into function tools (API.md "Assistants and actions"): one function per
// operation, named `<operationId>_action_<encoded domain>`, whose parameters are the operation's path, query
// and header parameters and its JSON (or form) request body. The caller uses the same plan to build requests.
// Planning a big spec is CPU work: the spec worker does it (spec-check.ts) and hands the plans back with a
// stand-in spec (`plannedSpec`) that planOperations answers from, so the server's thread never plans.
import type { OpenAPIV3 } from 'openapi-types';
import { actionFunctionName, ACTION_DELIMITER, encodeDomain } from './domain';
import type { ActionFunction, ActionSpec, JSONSchema } from './types';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
type Method = (typeof METHODS)[number];

/** Tool names on OpenAI-compatible servers: `^[a-zA-Z0-9_-]{1,64}$`. */
const MAX_FUNCTION_NAME = 64;
const MAX_DESCRIPTION = 1024;
/** Schema nodes copied per function at most: shared `$ref`s cannot blow up into a huge tool list. */
const SCHEMA_NODE_BUDGET = 4000;
const MAX_SCHEMA_DEPTH = 24;
/** Keys of OpenAPI's schema dialect that mean nothing to a model. */
const DROPPED_KEYS = new Set(['xml', 'externalDocs', 'discriminator', 'example', 'examples', 'deprecated']);

export interface QueryParam {
  name: string;
  explode: boolean;
}

export type BodyPlan =
  | { mode: 'none' }
  /** The body schema's properties are top-level parameters; `keys` go to the body. */
  | { mode: 'merged'; keys: string[]; contentType: string }
  /** The whole body is the `requestBody` parameter. */
  | { mode: 'wrapped'; contentType: string };

export interface OperationPlan {
  name: string;
  method: Method;
  path: string;
  description: string;
  pathParams: string[];
  queryParams: QueryParam[];
  headerParams: string[];
  body: BodyPlan;
  parameters: JSONSchema;
}

export const WRAPPED_BODY_KEY = 'requestBody';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Resolves a local JSON pointer (`#/a/b`) in `root`; undefined when it names nothing. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** A copy of `node` with local `$ref`s expanded; a cycle or an exhausted budget becomes `{}`. */
function expandSchema(root: unknown, node: unknown, budget: { left: number }, trail: string[] = []): unknown {
  budget.left -= 1;
  if (budget.left < 0 || trail.length > MAX_SCHEMA_DEPTH) return {};
  if (Array.isArray(node)) return node.map((item) => expandSchema(root, item, budget, trail));
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    const { $ref: _dropped, ...siblings } = node;
    if (trail.includes(ref)) return { ...siblingsOnly(siblings), description: 'Recursive structure.' };
    const target = resolvePointer(root, ref);
    const expanded = expandSchema(root, target ?? {}, budget, [...trail, ref]);
    return isObject(expanded) ? { ...expanded, ...siblingsOnly(siblings) } : expanded;
  }
  const copy: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYS.has(key) || key.startsWith('x-')) continue;
    copy[key] = expandSchema(root, value, budget, trail);
  }
  return copy;
}

function siblingsOnly(siblings: Json): Json {
  const kept: Json = {};
  if (typeof siblings.description === 'string') kept.description = siblings.description;
  return kept;
}

/** `$ref` objects (cyclic ones stay as `$ref` after validation) resolved one level. */
function deref<T>(root: unknown, node: T | OpenAPIV3.ReferenceObject | undefined): T | undefined {
  let current: unknown = node;
  for (let hops = 0; hops < 10 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    current = resolvePointer(root, current.$ref);
  }
  return isObject(current) && typeof current.$ref !== 'string' ? (current as T) : undefined;
}

function sanitize(text: string): string {
  return text
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

function operationName(operation: OpenAPIV3.OperationObject, method: Method, path: string): string {
  const fromId = typeof operation.operationId === 'string' ? sanitize(operation.operationId) : '';
  return fromId !== '' ? fromId : sanitize(`${method}_${path}`) || method;
}

function bodyOf(
  root: unknown,
  operation: OpenAPIV3.OperationObject,
): { schema: Json; contentType: string; required: boolean } | undefined {
  const body = deref<OpenAPIV3.RequestBodyObject>(root, operation.requestBody);
  if (!body || !isObject(body.content)) return undefined;
  const types = Object.keys(body.content);
  const contentType =
    types.find((type) => /^application\/json\b/i.test(type)) ??
    types.find((type) => /\+json\b/i.test(type)) ??
    types.find((type) => /^application\/x-www-form-urlencoded\b/i.test(type));
  if (!contentType) return undefined;
  const media = body.content[contentType];
  const schema = isObject(media?.schema) ? (media.schema as Json) : {};
  return { schema, contentType, required: body.required === true };
}

function planOperation(
  root: ActionSpec,
  method: Method,
  path: string,
  item: OpenAPIV3.PathItemObject,
  operation: OpenAPIV3.OperationObject,
): Omit<OperationPlan, 'name'> & { baseName: string } {
  const budget = { left: SCHEMA_NODE_BUDGET };
  const properties: Json = {};
  const required: string[] = [];
  const pathParams: string[] = [];
  const queryParams: QueryParam[] = [];
  const headerParams: string[] = [];

  const byKey = new Map<string, OpenAPIV3.ParameterObject>();
  for (const raw of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = deref<OpenAPIV3.ParameterObject>(root, raw);
    if (parameter && typeof parameter.name === 'string')
      byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  for (const parameter of byKey.values()) {
    if (parameter.in === 'cookie' || Object.hasOwn(properties, parameter.name)) continue;
    const schema = expandSchema(root, parameter.schema ?? { type: 'string' }, budget);
    const described: Json = isObject(schema) ? { ...schema } : {};
    if (parameter.description && described.description === undefined)
      described.description = parameter.description;
    properties[parameter.name] = described;
    if (parameter.in === 'path') {
      pathParams.push(parameter.name);
      required.push(parameter.name);
    } else {
      if (parameter.required) required.push(parameter.name);
      if (parameter.in === 'query')
        queryParams.push({ name: parameter.name, explode: parameter.explode ?? true });
      else headerParams.push(parameter.name);
    }
  }
  // A `{name}` in the path that no parameter declares is still a required string.
  for (const match of path.matchAll(/\{([^}]+)\}/g)) {
    const name = match[1] ?? '';
    if (pathParams.includes(name)) continue;
    pathParams.push(name);
    if (!Object.hasOwn(properties, name)) properties[name] = { type: 'string' };
    if (!required.includes(name)) required.push(name);
  }

  let body: BodyPlan = { mode: 'none' };
  const found = bodyOf(root, operation);
  if (found) {
    const schema = expandSchema(root, found.schema, budget);
    const shape = isObject(schema) ? schema : {};
    const props = isObject(shape.properties) ? shape.properties : undefined;
    const keys = props ? Object.keys(props) : [];
    if (props && keys.length > 0 && !keys.some((key) => Object.hasOwn(properties, key))) {
      Object.assign(properties, props);
      if (found.required && Array.isArray(shape.required)) {
        for (const key of shape.required) if (typeof key === 'string') required.push(key);
      }
      body = { mode: 'merged', keys, contentType: found.contentType };
    } else if (!Object.hasOwn(properties, WRAPPED_BODY_KEY)) {
      properties[WRAPPED_BODY_KEY] = { ...shape, description: shape.description ?? 'The request body.' };
      if (found.required) required.push(WRAPPED_BODY_KEY);
      body = { mode: 'wrapped', contentType: found.contentType };
    }
  }

  const text = operation.summary ?? operation.description ?? `${method.toUpperCase()} ${path}`;
  return {
    baseName: operationName(operation, method, path),
    method,
    path,
    description: text.trim().slice(0, MAX_DESCRIPTION) || `${method.toUpperCase()} ${path}`,
    pathParams,
    queryParams,
    headerParams,
    body,
    parameters: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
  };
}

/** Plans made elsewhere (the spec worker), by the stand-in spec that carries them. */
const planned = new WeakMap<object, { domain: string; plans: ReadonlyMap<string, OperationPlan> }>();

/**
 * A stand-in for a spec the spec worker planned: its first server (what the caller reads besides the plans)
 * and no paths; planOperations answers the worker's plans for it and `domain`.
 */
export function plannedSpec(serverUrl: string, domain: string, plans: readonly OperationPlan[]): ActionSpec {
  const spec: ActionSpec = {
    openapi: '3.0.3',
    info: { title: domain, version: 'planned' },
    servers: [{ url: serverUrl }],
    paths: {},
  };
  planned.set(spec, { domain, plans: new Map(plans.map((plan) => [plan.name, plan])) });
  return spec;
}

/** Every operation of `spec`, by function name. */
export function planOperations(spec: ActionSpec, domain: string): Map<string, OperationPlan> {
  const known = planned.get(spec);
  if (known) return new Map(known.domain === domain ? known.plans : []);
  const plans = new Map<string, OperationPlan>();
  const room = MAX_FUNCTION_NAME - ACTION_DELIMITER.length - encodeDomain(domain).length;
  for (const [path, rawItem] of Object.entries(spec.paths ?? {})) {
    const item = deref<OpenAPIV3.PathItemObject>(spec, rawItem);
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const { baseName, ...plan } = planOperation(spec, method, path, item, operation);
      let stem = baseName.slice(0, Math.max(1, room));
      for (let n = 2; plans.has(actionFunctionName(stem, domain)); n++) {
        const suffix = `_${n}`;
        stem = baseName.slice(0, Math.max(1, room - suffix.length)) + suffix;
      }
      const name = actionFunctionName(stem, domain);
      plans.set(name, { ...plan, name });
    }
  }
  return plans;
}

/** The function tools of planned operations. */
export function functionsOf(plans: Iterable<OperationPlan>): ActionFunction[] {
  return [...plans].map(({ name, description, parameters }) => ({ name, description, parameters }));
}

/**
 * The length of `JSON.stringify(value)`, counted without building it; past `limit` it stops and answers a
 * number over `limit` (a schema shared by every operation can make the JSON far larger than memory).
 */
function jsonLength(value: unknown, limit: number): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value).length;
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object': {
      let length = 2;
      if (Array.isArray(value)) {
        for (const item of value as unknown[]) {
          length +=
            (item === undefined || typeof item === 'function' ? 4 : jsonLength(item, limit - length)) + 1;
          if (length > limit) return length;
        }
        return value.length > 0 ? length - 1 : length;
      }
      let entries = 0;
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined || typeof item === 'function') continue;
        length += JSON.stringify(key).length + 1 + jsonLength(item, limit - length) + 1;
        entries += 1;
        if (length > limit) return length;
      }
      return entries > 0 ? length - 1 : length;
    }
    default:
      return 0;
  }
}

/**
 * What function definitions weigh as the model receives them: the characters of their JSON, each counted
 * alone. Past `limit` the count stops and answers a number over it.
 */
export function functionChars(
  functions: Iterable<Pick<ActionFunction, 'name'>>,
  limit = Number.POSITIVE_INFINITY,
): number {
  let chars = 0;
  for (const fn of functions) {
    chars += jsonLength(fn, limit - chars);
    if (chars > limit) return chars;
  }
  return chars;
}

/** The function tools of an action (API.md): derived on the server from the stored spec, never from the client. */
export function deriveFunctions(spec: ActionSpec, domain: string): ActionFunction[] {
  return functionsOf(planOperations(spec, domain).values());
}
