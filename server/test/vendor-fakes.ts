import { startFakeAnthropic, type FakeAnthropic } from '@parley/fakes/anthropic-server';
import { startFakeBing, type FakeBing } from '@parley/fakes/bing-server';
import { startFakeChatGPTBrowser, type FakeChatGPTBrowser } from '@parley/fakes/chatgpt-browser-server';
import { startFakeGoogle, type FakeGoogle } from '@parley/fakes/google-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Env } from '../src/config/env';

/** A fake of every vendor that is not OpenAI-style. */
export interface VendorFakes {
  anthropic: FakeAnthropic;
  google: FakeGoogle;
  chatGPT: FakeChatGPTBrowser;
  bing: FakeBing;
}

/** The secrets each fake is told to expect (and `vendorEnv` configures). */
export const VENDOR_KEYS = {
  anthropic: 'sk-ant-test',
  google: 'google-test-key',
  chatGPT: 'chatgpt-access-token',
  bing: 'bing-u-cookie',
} as const;

/** Starts the fakes for the file, resets them (expecting VENDOR_KEYS) before each test. */
export function useVendorFakes(): () => VendorFakes {
  let fakes: VendorFakes | undefined;
  beforeAll(async () => {
    const [anthropic, google, chatGPT, bing] = await Promise.all([
      startFakeAnthropic(),
      startFakeGoogle(),
      startFakeChatGPTBrowser(),
      startFakeBing(),
    ]);
    fakes = { anthropic, google, chatGPT, bing };
  });
  afterAll(async () => {
    await Promise.all(Object.values(fakes ?? {}).map((fake: { close(): Promise<void> }) => fake.close()));
  });
  const current = (): VendorFakes => {
    if (!fakes) throw new Error('the vendor fakes are not running');
    return fakes;
  };
  beforeEach(() => {
    const { anthropic, google, chatGPT, bing } = current();
    anthropic.reset();
    google.reset();
    chatGPT.reset();
    bing.reset();
    anthropic.script({ apiKey: VENDOR_KEYS.anthropic });
    google.script({ apiKey: VENDOR_KEYS.google });
    chatGPT.script({ apiKey: VENDOR_KEYS.chatGPT });
    bing.script({ apiKey: VENDOR_KEYS.bing });
  });
  return current;
}

/** Every vendor's endpoint pointed at its fake through the variables deployments set; limits and titles off. */
export function vendorEnv(fakes: VendorFakes, env: Env = {}): Env {
  return {
    ANTHROPIC_API_KEY: VENDOR_KEYS.anthropic,
    ANTHROPIC_REVERSE_PROXY: fakes.anthropic.url,
    GOOGLE_KEY: VENDOR_KEYS.google,
    GOOGLE_REVERSE_PROXY: fakes.google.url,
    GOOGLE_MODELS: 'gemini-pro,chat-bison',
    CHATGPT_TOKEN: VENDOR_KEYS.chatGPT,
    CHATGPT_REVERSE_PROXY: fakes.chatGPT.conversationUrl,
    BINGAI_TOKEN: VENDOR_KEYS.bing,
    BINGAI_HOST: fakes.bing.url,
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_MESSAGE_USER: 'false',
    TITLE_CONVO: 'false',
    ...env,
  };
}

/** The JSON bodies of the requests whose path matches, oldest first. */
export function bodiesOf(
  requests: readonly { path: string; body: unknown }[],
  path: RegExp,
): Array<Record<string, unknown>> {
  return requests
    .filter((request) => path.test(request.path))
    .map((request) => request.body as Record<string, unknown>);
}

export interface BingInvocation {
  invocationId: string;
  argument: Record<string, unknown>;
}

interface HubRecord {
  type?: number;
  invocationId?: string;
  arguments?: Record<string, unknown>[];
}

/** The SignalR `chat` invocations the fake Bing received, oldest first. */
export function bingInvocations(fake: FakeBing): BingInvocation[] {
  return fake.requests.flatMap((request) => {
    const record = request.body as HubRecord | null;
    if (request.method !== 'WS' || record?.type !== 4) return [];
    return [{ invocationId: record.invocationId ?? '', argument: record.arguments?.[0] ?? {} }];
  });
}
