// DALL·E through the OpenAI images API (POST {base}/images/generations, `response_format: b64_json`), with the
// official SDK: `dalle` is DALL·E 3 (structured arguments, functions agent only), `dall-e` DALL·E 2. Images are
// saved as the user's files and shown as `image_file` parts.
import { randomUUID } from 'node:crypto';
import { openAISdk } from '../../lib/provider-sdks';
import { withStaleConnectionRetry } from '../../net/stale-connection-retry';
import { ToolError, type Tool, type ToolContext } from '../tool';
import { IMAGE_SHOWN, saveBase64Image } from './generated-image';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { queryArg, vendorBase } from './vendor-http';

const OPENAI_BASE = 'https://api.openai.com/v1';
const MAX_PROMPT = 4_000;

interface Variant {
  name: 'dalle' | 'dall-e';
  model: 'dall-e-3' | 'dall-e-2';
  vendor: string;
  authField: string;
  baseEnv: string;
  promptEnv: string;
}

const V3: Variant = {
  name: 'dalle',
  model: 'dall-e-3',
  vendor: 'DALL·E 3',
  authField: 'DALLE3_API_KEY||DALLE_API_KEY',
  baseEnv: 'DALLE3_BASEURL',
  promptEnv: 'DALLE3_SYSTEM_PROMPT',
};
const V2: Variant = {
  name: 'dall-e',
  model: 'dall-e-2',
  vendor: 'DALL·E 2',
  authField: 'DALLE2_API_KEY||DALLE_API_KEY',
  baseEnv: 'DALLE2_BASEURL',
  promptEnv: 'DALLE2_SYSTEM_PROMPT',
};

const V3_PARAMETERS = {
  type: 'object',
  properties: {
    prompt: {
      type: 'string',
      maxLength: MAX_PROMPT,
      description:
        'A detailed description of the image in English, at least a few sentences: subject, setting, style, ' +
        'lighting, composition.',
    },
    style: { type: 'string', enum: ['vivid', 'natural'], description: 'vivid (default) or natural.' },
    quality: { type: 'string', enum: ['standard', 'hd'], description: 'standard (default) or hd.' },
    size: {
      type: 'string',
      enum: ['1024x1024', '1792x1024', '1024x1792'],
      description: 'Square (default), wide or tall.',
    },
  },
  required: ['prompt'],
  additionalProperties: false,
};

const V2_PARAMETERS = {
  type: 'object',
  properties: {
    prompt: { type: 'string', maxLength: 1_000, description: 'A description of the image in English.' },
  },
  required: ['prompt'],
  additionalProperties: false,
};

/** A readable ToolError for whatever the SDK threw. */
function vendorFailure(error: unknown, vendor: string, signal: AbortSignal): ToolError {
  if (error instanceof ToolError) return error;
  // The SDK is loaded before the first call, so an error of its own implies it is there.
  const { APIConnectionError, APIError, APIUserAbortError } = openAISdk.loaded();
  if (signal.aborted || error instanceof APIUserAbortError)
    return new ToolError('Stopped.', { cause: error });
  if (error instanceof APIConnectionError)
    return new ToolError(`${vendor} could not be reached.`, { cause: error });
  if (error instanceof APIError && error.status !== undefined) {
    const hint = error.status === 401 ? ' Check the API key in the plugin settings.' : '';
    const said = (error.error as { message?: unknown } | undefined)?.message;
    const words =
      typeof said === 'string' && said.trim() !== ''
        ? `: ${said.trim().slice(0, 300).replace(/\.$/, '')}`
        : '';
    return new ToolError(`${vendor} answered ${error.status}${words}.${hint}`, { cause: error });
  }
  return new ToolError(`${vendor} answered something that could not be read.`, { cause: error });
}

function dalleTool(deps: ToolDeps, variant: Variant): Tool {
  const baseURL = vendorBase(deps, variant.baseEnv, deps.env.DALLE_REVERSE_PROXY?.trim() || OPENAI_BASE);
  const custom = deps.env[variant.promptEnv]?.trim();
  const description =
    custom ||
    (variant.model === 'dall-e-3'
      ? 'Creates an image from a detailed description with DALL·E 3. Write the prompt in English; one image ' +
        'per call. The image is shown to the user.'
      : 'Creates an image from a description with DALL·E 2. The image is shown to the user.');

  async function generate(args: Record<string, unknown>, ctx: ToolContext) {
    const prompt = queryArg(args, 'prompt');
    const { OpenAI } = await openAISdk.load();
    const client = new OpenAI({
      apiKey: ctx.auth[variant.authField] ?? '',
      baseURL,
      fetch: withStaleConnectionRetry(deps.fetch),
      maxRetries: 0,
    });
    const pick = (name: string, fallback: string) => (typeof args[name] === 'string' ? args[name] : fallback);
    const request =
      variant.model === 'dall-e-3'
        ? {
            model: variant.model,
            prompt,
            n: 1,
            size: pick('size', '1024x1024') as '1024x1024',
            quality: pick('quality', 'standard') as 'standard',
            style: pick('style', 'vivid') as 'vivid',
            response_format: 'b64_json' as const,
          }
        : {
            model: variant.model,
            prompt,
            n: 1,
            size: '512x512' as const,
            response_format: 'b64_json' as const,
          };
    let answer: Awaited<ReturnType<typeof client.images.generate>>;
    try {
      answer = await client.images.generate(request, { signal: ctx.signal });
    } catch (error) {
      throw vendorFailure(error, variant.vendor, ctx.signal);
    }
    // The image was made: it is the run's `tool` row in the ledger (tokens as reported, else the prompt's).
    const usage = (answer as { usage?: { input_tokens?: number; output_tokens?: number } }).usage;
    await ctx.recordModelCall?.({
      endpoint: 'openAI',
      model: variant.model,
      promptTokens: usage?.input_tokens ?? Math.ceil(prompt.length / 4),
      completionTokens: usage?.output_tokens ?? 0,
    });
    try {
      const image = answer.data?.[0];
      if (!image?.b64_json) throw new ToolError(`${variant.vendor} answered without an image.`);
      const saved = await saveBase64Image(
        ctx,
        image.b64_json,
        variant.vendor,
        `${variant.name}-${randomUUID().slice(0, 8)}`,
      );
      const revised = image.revised_prompt
        ? `\nThe prompt as ${variant.vendor} used it: ${image.revised_prompt}`
        : '';
      return { output: `${IMAGE_SHOWN}${revised}`, files: [saved] };
    } catch (error) {
      throw vendorFailure(error, variant.vendor, ctx.signal);
    }
  }

  return {
    name: variant.name,
    description,
    parameters: variant.model === 'dall-e-3' ? V3_PARAMETERS : V2_PARAMETERS,
    run: generate,
  };
}

export const dalle3: ManifestEntry = {
  pluginKey: 'dalle',
  name: 'DALL-E-3',
  description: '[DALL-E-3] Create realistic images and art from a description in natural language',
  icon: '/assets/tools/dall-e.svg',
  authConfig: [
    {
      authField: V3.authField,
      label: 'OpenAI API Key',
      description: 'You can use DALL-E with your API Key from OpenAI.',
    },
  ],
  agents: ['functions'],
  create: (deps) => dalleTool(deps, V3),
};

export const dalle2: ManifestEntry = {
  pluginKey: 'dall-e',
  name: 'DALL-E',
  description: 'Create realistic images and art from a description in natural language',
  icon: '/assets/tools/dall-e.svg',
  authConfig: [
    {
      authField: V2.authField,
      label: 'OpenAI API Key',
      description: 'You can use DALL-E with your API Key from OpenAI.',
    },
  ],
  create: (deps) => dalleTool(deps, V2),
};
