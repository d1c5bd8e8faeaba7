// Actions of assistants (API.md "Assistants and actions"): the spec validated and its functions derived by
// the server (never taken from the client) in the actions library's worker pool, off the event loop and in
// turns per user; secrets encrypted at rest and never returned; calls made through its guarded caller. An
// assistant holds at most MAX_ASSISTANT_TOOLS tools, whose function definitions take at most
// MAX_ASSISTANT_TOOLS_CHARS characters together.
import { actionAuthProblems, type Action, type ActionSaveBody } from '@parley/shared/schemas/action';
import { specProblemText, toolsProblem } from '@parley/shared/actions/spec-rules';
import {
  MAX_ASSISTANT_TOOLS_CHARS,
  type AssistantDocument,
  type AssistantTool,
  type Assistant,
} from '@parley/shared/schemas/assistant';
import { createActionCaller, encodeDomain, functionChars, planActionSpec, type ActionAuth } from '../actions';
import type { AgentTool } from '../agents/agent-types';
import type { Db } from '../db/client';
import type { AssistantActionRow, AssistantRow } from '../db/schema';
import type { Encryption } from '../lib/encryption';
import { AppError, badRequest, notFound } from '../lib/errors';
import type { AddressAllowList } from '../net/address-guard';
import { ToolError, type Tool } from '../tools/tool';
import { newId } from './ids';
import { presentAction, presentDocument, toolsOf } from './present';
import {
  deleteActionWithTools,
  findAction,
  listAssistantActions,
  listUserActions,
  saveActionWithTools,
} from './repo';
import { BUILDER_DISABLED, type AssistantsService } from './service';

export interface ActionsServiceDeps {
  db: Db;
  encryption: Encryption;
  assistants: AssistantsService;
  allow: AddressAllowList;
  /** The link maker of the user's own files (signed links are bound to their owner). */
  linksOf(userId: string): Promise<(fileId: string) => string>;
}

export interface ActionsService {
  list(userId: string): Promise<Action[]>;
  save(
    userId: string,
    assistantId: string,
    body: ActionSaveBody,
  ): Promise<[AssistantDocument, Assistant, Action]>;
  remove(userId: string, assistantId: string, actionId: string): Promise<{ message: string }>;
  /** The assistant's action functions as tools of a run. */
  toolsFor(userId: string, assistant: AssistantRow): Promise<AgentTool[]>;
}

const contextOf = (actionId: string, field: string) => `assistant-action:${actionId}:${field}`;

const count = (value: number): string => value.toLocaleString('en-US');

/** Why the assistant cannot take `functions` beside the tools it keeps, or undefined when it can. */
function overLimit(kept: readonly AssistantTool[], functions: number, chars: number): string | undefined {
  const tooMany = toolsProblem(kept.length, functions);
  if (tooMany) return specProblemText(tooMany);
  const keptChars = functionChars(kept.flatMap((tool) => (tool.type === 'function' ? [tool.function] : [])));
  if (keptChars + chars > MAX_ASSISTANT_TOOLS_CHARS) {
    return (
      `The assistant's tools would take ${count(keptChars + chars)} characters; at most ` +
      `${count(MAX_ASSISTANT_TOOLS_CHARS)}. This action's functions take ${count(chars)}: remove operations ` +
      `from the spec or tools from the assistant.`
    );
  }
  return undefined;
}

/** Tools without the functions of `domains` (by their encoded domain after the delimiter). */
function withoutDomains(tools: readonly AssistantTool[], domains: readonly string[]): AssistantTool[] {
  const suffixes = domains.map((domain) => `_action_${encodeDomain(domain)}`);
  return tools.filter(
    (tool) => tool.type !== 'function' || !suffixes.some((suffix) => tool.function.name.endsWith(suffix)),
  );
}

export function createActionsService(deps: ActionsServiceDeps): ActionsService {
  const { db, encryption, assistants } = deps;
  const assertBuilder = () => {
    if (assistants.settings.disableBuilder) throw new AppError(403, BUILDER_DISABLED);
  };
  const secret = (value: string | null, actionId: string, field: string) =>
    value ? encryption.decrypt(value, contextOf(actionId, field)) : undefined;

  function actionTool(
    row: AssistantActionRow,
    name: string,
    description: string,
    parameters: Record<string, unknown>,
    call: (name: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<string>,
  ): Tool {
    return {
      name,
      description,
      parameters,
      async run(args, ctx) {
        try {
          return { output: await call(name, args, ctx.signal) };
        } catch (error) {
          const message = error instanceof Error ? error.message : 'The action failed.';
          throw new ToolError(`${row.domain}: ${message}`, { cause: error });
        }
      },
    };
  }

  return {
    async list(userId) {
      return (await listUserActions(db, userId)).map(presentAction);
    },

    async save(userId, assistantId, body) {
      assertBuilder();
      const assistant = await assistants.getRow(userId, assistantId);
      const previous = body.action_id ? await findAction(db, userId, assistantId, body.action_id) : undefined;
      if (body.action_id && !previous) throw notFound('Action not found');
      const { metadata } = body;
      const problems = actionAuthProblems(metadata, {
        apiKey: Boolean(previous?.apiKeyEncrypted),
        oauthClientId: Boolean(previous?.oauthClientIdEncrypted),
        oauthClientSecret: Boolean(previous?.oauthClientSecretEncrypted),
      });
      const firstProblem = Object.values(problems)[0];
      if (firstProblem) throw badRequest(firstProblem, problems);
      const planning = await planActionSpec(metadata.raw_spec, {
        owner: userId,
        refuseWhenBusy: true,
        domain: { ...(metadata.domain !== undefined ? { fallback: metadata.domain } : {}) },
      });
      if (!planning.ok) {
        if (planning.busy) throw new AppError(429, planning.message, { code: 'action_check_busy' });
        throw badRequest(planning.message, { raw_spec: planning.message });
      }
      const { domain, functions } = planning;
      if (functions.length === 0)
        throw badRequest('No functions provided', { raw_spec: 'has no operations' });
      const kept = withoutDomains(toolsOf(assistant), [domain, ...(previous ? [previous.domain] : [])]);
      const tooMany = overLimit(kept, functions.length, planning.chars);
      if (tooMany) throw badRequest(tooMany, { raw_spec: tooMany });
      const actionId = previous?.actionId ?? newId('act');
      const encrypt = (value: string | undefined, field: string, kept: string | null | undefined) =>
        value && value.trim() !== ''
          ? encryption.encrypt(value.trim(), contextOf(actionId, field))
          : (kept ?? null);
      const tools: AssistantTool[] = [
        ...kept,
        ...functions.map((fn): AssistantTool => ({ type: 'function', function: fn })),
      ];
      const stored = {
        domain,
        raw_spec: metadata.raw_spec,
        auth: metadata.auth,
        ...(metadata.privacy_policy_url ? { privacy_policy_url: metadata.privacy_policy_url } : {}),
      };
      const serviceHttp = metadata.auth.type === 'service_http';
      const oauth = metadata.auth.type === 'oauth';
      const saved = await saveActionWithTools(
        db,
        userId,
        {
          actionId,
          userId,
          assistantId,
          domain,
          metadata: stored,
          apiKeyEncrypted: serviceHttp
            ? encrypt(metadata.api_key, 'api_key', previous?.apiKeyEncrypted)
            : null,
          oauthClientIdEncrypted: oauth
            ? encrypt(metadata.oauth_client_id, 'oauth_client_id', previous?.oauthClientIdEncrypted)
            : null,
          oauthClientSecretEncrypted: oauth
            ? encrypt(
                metadata.oauth_client_secret,
                'oauth_client_secret',
                previous?.oauthClientSecretEncrypted,
              )
            : null,
        },
        tools,
      );
      if (!saved) throw notFound('Assistant not found');
      const actions = await listAssistantActions(db, userId, assistantId);
      return [
        presentDocument(saved.assistant, actions, await deps.linksOf(userId)),
        await assistants.present(saved.assistant),
        presentAction(saved.action),
      ];
    },

    async remove(userId, assistantId, actionId) {
      assertBuilder();
      const assistant = await assistants.getRow(userId, assistantId);
      const action = await findAction(db, userId, assistantId, actionId);
      if (!action) throw notFound('Action not found');
      const tools = withoutDomains(toolsOf(assistant), [action.domain]);
      const deleted = await deleteActionWithTools(db, userId, assistantId, actionId, tools);
      if (!deleted) throw notFound('Action not found');
      return { message: 'Action deleted successfully' };
    },

    async toolsFor(userId, assistant) {
      const names = new Set(
        toolsOf(assistant).flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : [])),
      );
      const rows = await listAssistantActions(db, userId, assistant.id);
      const tools: AgentTool[] = [];
      for (const row of rows) {
        const metadata = presentAction(row).metadata;
        // Planned in a worker (or reused from the save): the server's thread only receives the functions.
        const planning = await planActionSpec(metadata.raw_spec, {
          owner: userId,
          domain: { exact: row.domain },
        });
        if (!planning.ok) continue;
        const call = createActionCaller({
          spec: planning.spec,
          domain: row.domain,
          auth: metadata.auth as ActionAuth,
          secrets: {
            ...(row.apiKeyEncrypted ? { apiKey: secret(row.apiKeyEncrypted, row.actionId, 'api_key') } : {}),
            ...(row.oauthClientIdEncrypted
              ? { oauthClientId: secret(row.oauthClientIdEncrypted, row.actionId, 'oauth_client_id') }
              : {}),
            ...(row.oauthClientSecretEncrypted
              ? {
                  oauthClientSecret: secret(
                    row.oauthClientSecretEncrypted,
                    row.actionId,
                    'oauth_client_secret',
                  ),
                }
              : {}),
          },
          allow: deps.allow,
        });
        for (const fn of planning.functions) {
          if (!names.has(fn.name)) continue;
          tools.push({
            tool: actionTool(row, fn.name, fn.description, fn.parameters, call),
            label: row.domain,
            auth: {},
          });
        }
      }
      return tools;
    },
  };
}
