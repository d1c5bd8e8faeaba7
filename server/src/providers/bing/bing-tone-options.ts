// The ChatHub `optionsSets` and `allowedMessageTypes` of an invocation; the tone style picks the model
// variant (SPEC §3: creative, the default, balanced, precise, fast).
import type { GenerationParams } from '../types';

export type ToneStyle = NonNullable<GenerationParams['toneStyle']>;

export const DEFAULT_TONE: ToneStyle = 'creative';

const TONE_OPTION: Record<ToneStyle, string> = {
  creative: 'h3imaginative',
  balanced: 'harmonyv3',
  precise: 'h3precise',
  fast: 'galileo',
};

const BASE_OPTIONS = [
  'nlu_direct_response_filter',
  'deepleo',
  'disable_emoji_spoken_text',
  'responsible_ai_policy_235',
  'enablemm',
  'dv3sugg',
];

/** Image Creator replies (`contentType: IMAGE`). */
const IMAGE_OPTION = 'gencontentv3';
/** Sydney mode: no jailbreak filter on the edge. */
const JAILBREAK_OPTION = 'nojbfedge';

export const ALLOWED_MESSAGE_TYPES: readonly string[] = [
  'Chat',
  'InternalSearchQuery',
  'InternalSearchResult',
  'InternalLoaderMessage',
  'Disengaged',
  'RenderCardRequest',
  'Progress',
  'GenerateContentQuery',
  'SearchQuery',
];

export function optionsSetsFor(
  tone: ToneStyle,
  flags: { jailbreak: boolean; imageCreation: boolean },
): string[] {
  return [
    ...BASE_OPTIONS,
    TONE_OPTION[tone],
    ...(flags.imageCreation ? [IMAGE_OPTION] : []),
    ...(flags.jailbreak ? [JAILBREAK_OPTION] : []),
  ];
}
