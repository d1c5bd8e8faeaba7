// The provider SDKs, loaded with the first request that needs each (docs/decisions.md "Idle memory").
import type * as AnthropicSdk from '@anthropic-ai/sdk';
import type * as GoogleSdk from '@google/genai';
import type * as OpenAISdk from 'openai';
import { lazyModule } from './lazy-module';

export const openAISdk = lazyModule<typeof OpenAISdk>(() => import('openai'));
export const anthropicSdk = lazyModule<typeof AnthropicSdk>(() => import('@anthropic-ai/sdk'));
export const googleSdk = lazyModule<typeof GoogleSdk>(() => import('@google/genai'));
