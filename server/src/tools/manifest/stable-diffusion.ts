// Stable Diffusion through the AUTOMATIC1111 web UI API: POST {SD_WEBUI_URL}/sdapi/v1/txt2img → {images: [b64]}.
// The URL is a credential: the administrator's (environment) is trusted, a user's goes through the guard.
import { randomUUID } from 'node:crypto';
import { ToolError, type Tool } from '../tool';
import { IMAGE_SHOWN, saveBase64Image } from './generated-image';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { asArray, asString, fetchForAuthUrl, queryArg, vendorJson } from './vendor-http';

const VENDOR = 'Stable Diffusion';

function stableDiffusionTool(deps: ToolDeps): Tool {
  return {
    name: 'stable-diffusion',
    description:
      'Creates an image with Stable Diffusion. The prompt is a comma-separated list of short English keywords ' +
      '(subject, style, lighting, quality), most important first; negative_prompt lists what to avoid. The ' +
      'image is shown to the user.',
    parameters: {
      type: 'object',
      properties: {
        prompt: { type: 'string', maxLength: 2_000, description: 'Keywords describing the image.' },
        negative_prompt: { type: 'string', maxLength: 2_000, description: 'Keywords for what to avoid.' },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const base = (ctx.auth.SD_WEBUI_URL ?? '').trim().replace(/\/+$/, '');
      if (!/^https?:\/\//i.test(base)) {
        throw new ToolError('The Stable Diffusion URL is not an http(s) URL. Check the plugin settings.');
      }
      const json = await vendorJson({
        vendor: VENDOR,
        fetch: fetchForAuthUrl(deps, 'SD_WEBUI_URL'),
        url: `${base}/sdapi/v1/txt2img`,
        signal: ctx.signal,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            prompt: queryArg(args, 'prompt'),
            negative_prompt: asString(args.negative_prompt),
            steps: 20,
            width: 512,
            height: 512,
            batch_size: 1,
          }),
        },
      });
      const image = asString(asArray(json.images)[0]);
      if (image === '') throw new ToolError(`${VENDOR} answered without an image.`);
      const saved = await saveBase64Image(ctx, image, VENDOR, `stable-diffusion-${randomUUID().slice(0, 8)}`);
      return { output: IMAGE_SHOWN, files: [saved] };
    },
  };
}

export const stableDiffusion: ManifestEntry = {
  pluginKey: 'stable-diffusion',
  name: 'Stable Diffusion',
  description: 'Generate photo-realistic images given any text input.',
  icon: '/assets/tools/stable-diffusion.svg',
  authConfig: [
    {
      authField: 'SD_WEBUI_URL',
      label: 'Your Stable Diffusion WebUI API URL',
      description:
        "You need to provide the URL of your Stable Diffusion WebUI API. For instructions on how to obtain this, see 'Our Docs'.",
    },
  ],
  create: stableDiffusionTool,
};
