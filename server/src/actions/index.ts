// Actions (API.md "Assistants and actions"): OpenAPI specs validated and turned into function tools, and the
// outbound calls those functions make. Public API for the assistants feature; keep these names stable.
export {
  validateActionSpec,
  planActionSpec,
  SPEC_TEXTS,
  MAX_SPEC_BYTES,
  type ActionPlanning,
  type SpecCheckOptions,
  type SpecValidation,
} from './validate-spec';
export {
  encodeDomain,
  decodeDomain,
  splitActionFunctionName,
  ACTION_DELIMITER,
  ENCODED_DOMAIN_LENGTH,
} from './domain';
export { deriveFunctions, functionChars } from './operations';
export {
  createActionCaller,
  ActionCallError,
  DEFAULT_ACTION_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
} from './caller';
export type {
  ActionAuth,
  ActionCaller,
  ActionCallerOptions,
  ActionFunction,
  ActionSecrets,
  ActionSpec,
  JSONSchema,
} from './types';
