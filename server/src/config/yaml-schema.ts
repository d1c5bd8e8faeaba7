import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '@parley/shared/constants';
import { externalLinkSchema, modelSpecSchema } from '@parley/shared/schemas/startup-config';
import { createBudgetSchema } from '@parley/shared/schemas/budget';
import { MAX_BALANCE_AMOUNT } from '@parley/shared/schemas/admin';
import { parseAllowRule } from '../net/allow-rules';
import { mcpServersSchema } from './mcp-servers-schema';

/** Endpoint names a custom endpoint may not take (SPEC §5 "Server config"). */
export const BUILT_IN_ENDPOINTS = [
  'openAI',
  'azureOpenAI',
  'bingAI',
  'chatGPTBrowser',
  'google',
  'gptPlugins',
  'anthropic',
  'assistants',
  'custom',
] as const;

const stringRecord = z.record(z.string(), z.string());
const paramsRecord = z.record(z.string(), z.unknown());
/** How titles are asked for: one completion, or a forced function call (`structured` is LibreChat's later name). */
const titleMethodSchema = z.enum(['completion', 'functions', 'structured']);

const customEndpointSchema = z
  .strictObject({
    name: z.string().trim().min(1),
    apiKey: z.string().min(1),
    baseURL: z.string().min(1),
    models: z.strictObject({
      default: z.array(z.string().min(1)).optional(),
      fetch: z.boolean().optional(),
      userIdQuery: z.boolean().optional(),
    }),
    titleConvo: z.boolean().optional(),
    titleMethod: titleMethodSchema.optional(),
    titleModel: z.string().optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().optional(),
    forcePrompt: z.boolean().optional(),
    modelDisplayLabel: z.string().optional(),
    iconURL: z.string().optional(),
    headers: stringRecord.optional(),
    addParams: paramsRecord.optional(),
    dropParams: z.array(z.string()).optional(),
    customOrder: z.number().optional(),
  })
  .superRefine((endpoint, ctx) => {
    const builtIn = BUILT_IN_ENDPOINTS.find((n) => n.toLowerCase() === endpoint.name.toLowerCase());
    if (builtIn) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: `"${endpoint.name}" is the name of a built-in endpoint; choose another name`,
      });
    }
    if (!endpoint.models.fetch && (endpoint.models.default?.length ?? 0) === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['models', 'default'],
        message: 'needs at least one model (or set models.fetch: true)',
      });
    }
  });

const azureModelSchema = z.union([
  z.literal(true),
  z.strictObject({
    deploymentName: z.string().optional(),
    version: z.string().optional(),
    assistants: z.boolean().optional(),
  }),
]);

const azureGroupSchema = z
  .strictObject({
    group: z.string().min(1),
    apiKey: z.string().min(1),
    instanceName: z.string().optional(),
    deploymentName: z.string().optional(),
    version: z.string().optional(),
    baseURL: z.string().optional(),
    serverless: z.boolean().optional(),
    additionalHeaders: stringRecord.optional(),
    addParams: paramsRecord.optional(),
    dropParams: z.array(z.string()).optional(),
    forcePrompt: z.boolean().optional(),
    assistants: z.boolean().optional(),
    models: z.record(z.string(), azureModelSchema),
  })
  .superRefine((group, ctx) => {
    if (Object.keys(group.models).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['models'], message: 'needs at least one model' });
    }
    if (group.serverless) {
      if (!group.baseURL) {
        ctx.addIssue({ code: 'custom', path: ['baseURL'], message: 'is required for a serverless group' });
      }
      return;
    }
    if (!group.instanceName) {
      ctx.addIssue({ code: 'custom', path: ['instanceName'], message: 'is required (unless serverless)' });
    }
    for (const [model, setting] of Object.entries(group.models)) {
      const deployment = setting === true ? undefined : setting.deploymentName;
      const version = setting === true ? undefined : setting.version;
      if (!(deployment ?? group.deploymentName)) {
        ctx.addIssue({
          code: 'custom',
          path: ['models', model],
          message: 'has no deploymentName (set it on the model or the group)',
        });
      }
      if (!(version ?? group.version)) {
        ctx.addIssue({
          code: 'custom',
          path: ['models', model],
          message: 'has no version (set it on the model or the group)',
        });
      }
    }
  });

const azureEndpointSchema = z
  .strictObject({
    groups: z.array(azureGroupSchema).min(1, 'needs at least one group'),
    plugins: z.boolean().optional(),
    assistants: z.boolean().optional(),
    titleConvo: z.boolean().optional(),
    titleMethod: titleMethodSchema.optional(),
    titleModel: z.string().optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().optional(),
    customOrder: z.number().optional(),
  })
  .superRefine((azure, ctx) => {
    const groupNames = new Set<string>();
    const modelNames = new Map<string, string>();
    azure.groups.forEach((group, index) => {
      if (groupNames.has(group.group)) {
        ctx.addIssue({
          code: 'custom',
          path: ['groups', index, 'group'],
          message: `"${group.group}" is used by more than one group`,
        });
      }
      groupNames.add(group.group);
      for (const model of Object.keys(group.models)) {
        const owner = modelNames.get(model);
        if (owner !== undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['groups', index, 'models', model],
            message: `is already defined in group "${owner}"`,
          });
        }
        modelNames.set(model, group.group);
      }
    });
  });

export const ASSISTANT_CAPABILITIES = [
  'code_interpreter',
  'image_vision',
  'retrieval',
  'actions',
  'tools',
] as const;

// No `pollIntervalMs`: it paced LibreChat's polling of OpenAI's runs; Parley runs assistants itself and streams
// each step, so the key is ignored with the start-up warning of any unused key (docs/decisions.md).
// No `titleConvo`/`titleMethod`/`titleModel` either: an assistants thread's title follows TITLE_CONVO and the
// assistant's model (LibreChat 0.7.1 did not read them there either), so they are warned about the same way.
const assistantsEndpointSchema = z.strictObject({
  disableBuilder: z.boolean().optional(),
  timeoutMs: z.number().int().positive().optional(),
  supportedIds: z.array(z.string()).optional(),
  excludedIds: z.array(z.string()).optional(),
  retrievalModels: z.array(z.string()).optional(),
  capabilities: z.array(z.enum(ASSISTANT_CAPABILITIES)).optional(),
  apiKey: z.string().optional(),
  baseURL: z.string().optional(),
  models: z
    .strictObject({ default: z.array(z.string()).optional(), fetch: z.boolean().optional() })
    .optional(),
  headers: stringRecord.optional(),
});

/** Address-guard exemptions (API.md "Conventions"): `host`, `host:port`, IP, CIDR, `*.domain`, optional scheme. */
const allowedAddressesSchema = z.array(
  z.string().superRefine((entry, ctx) => {
    try {
      parseAllowRule(entry);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
    }
  }),
);

const endpointsSchema = z
  .strictObject({
    allowedAddresses: allowedAddressesSchema.optional(),
    azureOpenAI: azureEndpointSchema.optional(),
    assistants: assistantsEndpointSchema.optional(),
    custom: z.array(customEndpointSchema).optional(),
  })
  .superRefine((e, ctx) => {
    const seen = new Set<string>();
    e.custom?.forEach((endpoint, index) => {
      const key = endpoint.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['custom', index, 'name'],
          message: `"${endpoint.name}" is used by more than one custom endpoint`,
        });
      }
      seen.add(key);
    });
  });

const fileEndpointConfigSchema = z.strictObject({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().min(0).optional(),
  fileSizeLimit: z.number().min(0).optional(),
  totalSizeLimit: z.number().min(0).optional(),
  supportedMimeTypes: z.array(z.string()).optional(),
});

const rateLimitSchema = z.strictObject({
  ipMax: z.number().int().positive().optional(),
  ipWindowInMinutes: z.number().positive().optional(),
  userMax: z.number().int().positive().optional(),
  userWindowInMinutes: z.number().positive().optional(),
});

/** Endpoint names `summarization.provider` may take besides the custom endpoints (the detected Ollama too). */
const SUMMARY_PROVIDERS = ['openAI', 'azureOpenAI', 'google', 'anthropic', 'gptPlugins', 'Ollama'] as const;

/**
 * When a summary is made (LibreChat's `summarization.trigger`): once the prompt would take more than `value` of
 * the window (`token_ratio`), leave fewer than `value` tokens of it (`remaining_tokens`), or once `value`
 * messages are left out (`messages_to_refine`). Without it: as soon as a message is left out.
 */
const summaryTriggerSchema = z
  .strictObject({
    type: z.enum(['token_ratio', 'remaining_tokens', 'messages_to_refine'], {
      error: 'must be token_ratio, remaining_tokens or messages_to_refine',
    }),
    value: z.number({ error: 'must be a number' }),
  })
  .superRefine((trigger, ctx) => {
    const { type, value } = trigger;
    if (type === 'token_ratio' && !(value > 0 && value <= 1)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'must be a share of the window above 0 and at most 1 (0.8 is 80%)',
      });
    }
    if (type !== 'token_ratio' && !(Number.isInteger(value) && value > 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: `must be a whole number above 0 for ${type}`,
      });
    }
  });

/**
 * LibreChat's top-level `summarization` block: which endpoint (`provider`) and model summarise, when, and how
 * long a summary may be. Its other keys (`contextPruning`, `reserveRatio`, `prompt`, `parameters` …) are not
 * used and are warned about like any unused key. Precedence over `OPENAI_SUMMARIZE` and the endpoints'
 * `summarize`: docs/decisions.md.
 */
const summarizationSchema = z.strictObject({
  enabled: z.boolean().default(true),
  provider: z.string().trim().min(1, 'must name an endpoint').optional(),
  model: z.string().trim().min(1, 'must name a model').optional(),
  maxSummaryTokens: z
    .number({ error: 'must be a number of tokens' })
    .int('must be a whole number of tokens')
    .min(16, 'must be at least 16 tokens')
    .max(65_536, 'must be at most 65536 tokens')
    .optional(),
  trigger: summaryTriggerSchema.optional(),
});

/**
 * The YAML "Server config file" (SPEC §3, config version 1.0.8 and later LibreChat versions). Objects are
 * strict so that keys Parley does not know are found: the loader drops them with one warning each (a newer
 * LibreChat config starts Parley) and validates every key Parley knows strictly. LibreChat's `cache` and
 * `secureImageLinks` are not here on purpose: Parley has no use for them (its caches are its own, its file links
 * are always signed for their owner), so a config that sets them is warned about like any unused key.
 */
export const yamlConfigSchema = z
  .strictObject({
    version: z.string({ error: 'is required (for example "1.0.8")' }).min(1),
    imageOutputType: z.enum(['png', 'webp', 'jpeg']).default('png'),
    filteredTools: z.array(z.string()).optional(),
    /** When not empty, only these plugin keys are offered (wins over `filteredTools`). */
    includedTools: z.array(z.string()).optional(),
    interface: z
      .strictObject({
        endpointsMenu: z.boolean().optional(),
        modelSelect: z.boolean().optional(),
        parameters: z.boolean().optional(),
        presets: z.boolean().optional(),
        sidePanel: z.boolean().optional(),
        privacyPolicy: externalLinkSchema.optional(),
        termsOfService: externalLinkSchema.optional(),
        /** Hours a temporary chat is kept before the sweeper deletes it (LibreChat's key; default 720). */
        temporaryChatRetention: z
          .number({ error: 'must be a number of hours' })
          .int('must be a whole number of hours')
          .min(1, 'must be at least 1 hour')
          .max(8760, 'must be at most 8760 hours (one year)')
          .optional(),
      })
      .optional(),
    fileStrategy: z.enum(['local', 'firebase', 'openai', 's3', 'vectordb']).default('local'),
    registration: z
      .strictObject({
        socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)).optional(),
        allowedDomains: z.array(z.string().min(1)).optional(),
      })
      .optional(),
    /** LibreChat 1.2+: the balance settings moved from CHECK_BALANCE / START_BALANCE to the YAML file. */
    balance: z
      .strictObject({
        enabled: z.boolean().optional(),
        startBalance: z.number().int().min(0).optional(),
        /** LibreChat's auto-refill: `refillAmount` credits once `refillIntervalValue` `refillIntervalUnit`s passed. */
        autoRefillEnabled: z.boolean().optional(),
        refillIntervalValue: z.number().int().min(1).max(1_000_000).optional(),
        refillIntervalUnit: z.enum(['seconds', 'minutes', 'hours', 'days', 'weeks', 'months']).optional(),
        refillAmount: z.number().int().min(0).max(MAX_BALANCE_AMOUNT).optional(),
      })
      .optional(),
    /** Spend budgets, shown read-only in the admin page (the same fields as `POST /api/admin/budgets`). */
    budgets: z.array(createBudgetSchema).optional(),
    rateLimits: z.strictObject({ fileUploads: rateLimitSchema.optional() }).optional(),
    fileConfig: z
      .strictObject({
        endpoints: z.record(z.string(), fileEndpointConfigSchema).optional(),
        serverFileSizeLimit: z.number().min(0).optional(),
        avatarSizeLimit: z.number().min(0).optional(),
        /** MB all of one user's files may take (uploads past it get 413); absent = no limit. */
        userStorageLimit: z.number().min(0).optional(),
      })
      .optional(),
    modelSpecs: z
      .strictObject({
        enforce: z.boolean().default(false),
        prioritize: z.boolean().default(true),
        list: z.array(modelSpecSchema).optional(),
      })
      .optional(),
    endpoints: endpointsSchema.optional(),
    /** MCP servers whose tools become plugins (`<tool>_mcp_<server>`), LibreChat's key and shape. */
    mcpServers: mcpServersSchema.optional(),
    actions: z
      .strictObject({
        allowedDomains: allowedAddressesSchema.optional(),
        allowedAddresses: allowedAddressesSchema.optional(),
      })
      .optional(),
    /** Summaries of what no longer fits a model's window (LibreChat's newer key; see `summarizationSchema`). */
    summarization: summarizationSchema.optional(),
  })
  .superRefine((config, ctx) => {
    const provider = config.summarization?.provider;
    if (provider === undefined) return;
    const custom = (config.endpoints?.custom ?? []).map((endpoint) => endpoint.name);
    const known: readonly string[] = [...SUMMARY_PROVIDERS, ...custom];
    if (!known.includes(provider)) {
      ctx.addIssue({
        code: 'custom',
        path: ['summarization', 'provider'],
        message: `"${provider}" is not an endpoint; use one of ${known.join(', ')}`,
      });
    }
  });

export type YamlConfig = z.infer<typeof yamlConfigSchema>;
export type SummarizationConfig = z.infer<typeof summarizationSchema>;
export type CustomEndpointConfig = z.infer<typeof customEndpointSchema>;
export type AzureEndpointConfig = z.infer<typeof azureEndpointSchema>;
export type AssistantsEndpointConfig = z.infer<typeof assistantsEndpointSchema>;
