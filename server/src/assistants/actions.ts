// Actions of assistants (API.md "Assistants and actions"): the spec validated and its functions derived by
// the server (never taken from the client), secrets encrypted at rest and never returned, calls made through
// the actions library's guarded caller.
import { actionAuthProblems, type Action, type ActionSaveBody } from '@parley/shared/schemas/action';
import type { AssistantDocument, AssistantTool, Assistant } from '@parley/shared/schemas/assistant';
import {
  createActionCaller,
  deriveFunctions,
  encodeDomain,
  validateActionSpec,
  type ActionAuth,
} from '../actions';
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

function hostOf(raw: string): string | undefined {
  try {
    return new URL(raw).hostname || undefined;
  } catch {
    return undefined;
  }
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
      const validation = await validateActionSpec(metadata.raw_spec);
      if (!validation.ok) throw badRequest(validation.message, { raw_spec: validation.message });
      const servers = validation.spec.servers ?? [];
      const domain = hostOf(servers[0]?.url ?? '') ?? hostOf(metadata.domain ?? '') ?? metadata.domain;
      if (!domain) throw badRequest('No domain provided', { domain: 'is required' });
      const functions = deriveFunctions(validation.spec, domain);
      if (functions.length === 0)
        throw badRequest('No functions provided', { raw_spec: 'has no operations' });
      const actionId = previous?.actionId ?? newId('act');
      const encrypt = (value: string | undefined, field: string, kept: string | null | undefined) =>
        value && value.trim() !== ''
          ? encryption.encrypt(value.trim(), contextOf(actionId, field))
          : (kept ?? null);
      const kept = withoutDomains(toolsOf(assistant), [domain, ...(previous ? [previous.domain] : [])]);
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
        const validation = await validateActionSpec(metadata.raw_spec);
        if (!validation.ok) continue;
        const call = createActionCaller({
          spec: validation.spec,
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
        for (const fn of deriveFunctions(validation.spec, row.domain)) {
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
