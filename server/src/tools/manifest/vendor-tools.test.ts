// Each vendor tool against the fake of its vendor's HTTP API (fakes/src/vendor-routes.ts): the request it
// sends, what the model reads, and every failure (auth, 500, garbage, silence) as a readable ToolError.
import { startFakeVendors, type FakeVendors } from '@parley/fakes/vendor-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedFetch, NO_EXEMPTIONS } from '../../net/address-guard';
import { parseAllowRule } from '../../net/allow-rules';
import { resettingServer } from '../../../test/resetting-server';
import { ToolError, type GeneratedFile, type Tool, type ToolContext } from '../tool';
import { azureAiSearch } from './azure-ai-search';
import { dalle2, dalle3 } from './dalle';
import { google } from './google';
import type { ManifestEntry, ToolDeps } from './manifest-entry';
import { serpapi } from './serpapi';
import { stableDiffusion } from './stable-diffusion';
import { tavily } from './tavily';
import { traversaal } from './traversaal';
import { webBrowser } from './web-browser';
import { wolfram } from './wolfram';

let fake: FakeVendors;
let deps: ToolDeps;
beforeAll(async () => {
  fake = await startFakeVendors();
  deps = {
    env: {
      GOOGLE_SEARCH_BASE_URL: fake.base('google'),
      SERPAPI_BASE_URL: fake.base('serpapi'),
      TAVILY_BASE_URL: fake.base('tavily'),
      TRAVERSAAL_BASE_URL: fake.base('traversaal'),
      WOLFRAM_BASE_URL: fake.base('wolfram'),
      DALLE_REVERSE_PROXY: `${fake.base('openai')}/v1`,
    },
    fetch,
    // The fake listens on loopback: only the browser tests exempt it (see below); the rest never need it.
    guardedFetch: createGuardedFetch({ allow: NO_EXEMPTIONS }),
  };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

interface Saved extends GeneratedFile {
  userId: string;
}

function context(auth: Record<string, string>, saved: Saved[] = [], signal?: AbortSignal): ToolContext {
  return {
    userId: 'user-1',
    auth,
    signal: signal ?? AbortSignal.timeout(10_000),
    saveFile: (file) => {
      saved.push({ ...file, userId: 'user-1' });
      return Promise.resolve({
        file_id: `file-${saved.length}`,
        filepath: `/files/${saved.length}`,
        width: 256,
        height: 256,
      });
    },
  };
}

const build = (entry: ManifestEntry, overrides: Partial<ToolDeps> = {}): Tool =>
  entry.create({ ...deps, ...overrides });

describe('the search tools', () => {
  it('google: sends key, cx and query; answers numbered results', async () => {
    const tool = build(google);
    const { output } = await tool.run(
      { query: 'tallest lighthouse' },
      context({ GOOGLE_CSE_ID: 'cse-1234567890', GOOGLE_SEARCH_API_KEY: 'key-google-123' }),
    );
    expect(output).toContain(
      '1. tallest lighthouse — Google result 1\n   https://example.com/tallest-lighthouse/1',
    );
    expect(fake.requests[0]).toMatchObject({
      method: 'GET',
      path: '/vendor/google/customsearch/v1',
      query: { key: 'key-google-123', cx: 'cse-1234567890', q: 'tallest lighthouse', num: '5' },
    });
    await expect(
      tool.run({ query: 'x' }, context({ GOOGLE_CSE_ID: 'cse', GOOGLE_SEARCH_API_KEY: 'invalid-key' })),
    ).rejects.toThrow('Google answered 400: API key not valid. Please pass a valid API key.');
  });

  it('serpapi: the answer box first, then the results', async () => {
    const { output } = await build(serpapi).run(
      { query: 'tides' },
      context({ SERPAPI_API_KEY: 'serp-key-123' }),
    );
    expect(output.split('\n')[0]).toBe('Answer: The SerpApi answer about tides.');
    expect(output).toContain('3. tides — SerpApi result 3');
    expect(fake.requests[0]?.query).toMatchObject({ engine: 'google', q: 'tides', api_key: 'serp-key-123' });
    await expect(
      build(serpapi).run({ query: 'tides' }, context({ SERPAPI_API_KEY: 'invalid-serp' })),
    ).rejects.toThrow(/^SerpApi answered 401: Invalid API key\..*Check the credentials/);
  });

  it('tavily: posts the query with a bearer key', async () => {
    const { output } = await build(tavily).run(
      { query: 'rust' },
      context({ TAVILY_API_KEY: 'tvly-1234567890' }),
    );
    expect(output).toContain('Answer: The Tavily answer about rust.');
    expect(output).toContain('A snippet about rust from Tavily (result 1).');
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/vendor/tavily/search',
      headers: { authorization: 'Bearer tvly-1234567890' },
      body: { query: 'rust', max_results: 5, include_answer: true },
    });
  });

  it('traversaal: the response text and its sources', async () => {
    const { output } = await build(traversaal).run(
      { query: 'Who keeps lighthouses today?' },
      context({ TRAVERSAAL_API_KEY: 'trav-1234567890' }),
    );
    expect(output).toMatch(/^Traversaal found this about Who keeps lighthouses today\?/);
    expect(output).toContain('Sources:\n- https://example.com/who-keeps-lighthouses-today/1');
    expect(fake.requests[0]).toMatchObject({
      headers: { 'x-api-key': 'trav-1234567890' },
      body: { query: ['Who keeps lighthouses today?'] },
    });
  });

  it('wolfram: the LLM API text; a 501 says to rephrase; a bad app id says to check it', async () => {
    const tool = build(wolfram);
    const { output } = await tool.run({ input: '6*7' }, context({ WOLFRAM_APP_ID: 'APPID-12345' }));
    expect(output).toContain('Result:\n42');
    expect(fake.requests[0]?.query).toMatchObject({ input: '6*7', appid: 'APPID-12345', maxchars: '6000' });
    await expect(tool.run({ input: 'xyzzy pi' }, context({ WOLFRAM_APP_ID: 'APPID-12345' }))).rejects.toThrow(
      /^Wolfram\|Alpha answered 501: Wolfram\|Alpha did not understand your input\..*Rephrase/,
    );
    await expect(tool.run({ input: '1' }, context({ WOLFRAM_APP_ID: 'invalid-app' }))).rejects.toThrow(
      'Wolfram|Alpha answered 403: Error 1: Invalid appid. Check the credentials in the plugin settings.',
    );
  });

  it('azure-ai-search: posts to the index with the api-key; the environment endpoint is trusted', async () => {
    const trusted = build(azureAiSearch, {
      env: { AZURE_AI_SEARCH_SERVICE_ENDPOINT: fake.base('azure-search') },
    });
    const auth = {
      AZURE_AI_SEARCH_SERVICE_ENDPOINT: fake.base('azure-search'),
      AZURE_AI_SEARCH_INDEX_NAME: 'handbook',
      AZURE_AI_SEARCH_API_KEY: 'azure-key-123',
    };
    const { output } = await trusted.run({ query: 'holidays' }, context(auth));
    expect(output).toContain('1. (score 3.00)\n   id: 1\n   title: holidays — Azure AI Search result 1');
    expect(fake.requests[0]).toMatchObject({
      path: '/vendor/azure-search/indexes/handbook/docs/search',
      query: { 'api-version': '2023-11-01' },
      headers: { 'api-key': 'azure-key-123' },
      body: { search: 'holidays', top: 5 },
    });
    await expect(
      trusted.run({ query: 'x' }, context({ ...auth, AZURE_AI_SEARCH_INDEX_NAME: 'missing' })),
    ).rejects.toThrow("Azure AI Search answered 404: The index 'missing' was not found.");
    // The same endpoint stored by a user goes through the address guard: loopback is refused.
    await expect(build(azureAiSearch).run({ query: 'x' }, context(auth))).rejects.toThrow(
      /could not be reached\. The address 127\.0\.0\.1 is not allowed/,
    );
  });
});

describe('every vendor failure is a readable tool error', () => {
  const searchCases: Array<
    [
      string,
      ManifestEntry,
      Record<string, string>,
      'google' | 'tavily' | 'serpapi' | 'traversaal' | 'wolfram',
    ]
  > = [
    ['Google', google, { GOOGLE_CSE_ID: 'c', GOOGLE_SEARCH_API_KEY: 'k' }, 'google'],
    ['Tavily', tavily, { TAVILY_API_KEY: 'k' }, 'tavily'],
    ['SerpApi', serpapi, { SERPAPI_API_KEY: 'k' }, 'serpapi'],
    ['Traversaal', traversaal, { TRAVERSAAL_API_KEY: 'k' }, 'traversaal'],
  ];

  it.each(searchCases)('%s answering 500, garbage, or nothing', async (vendor, entry, auth, name) => {
    const tool = build(entry);
    fake.setMode(name, 'error500');
    await expect(tool.run({ query: 'q' }, context(auth))).rejects.toThrow(
      `${vendor} answered 500: The server had an error while processing your request.`,
    );
    fake.setMode(name, 'garbage');
    await expect(tool.run({ query: 'q' }, context(auth))).rejects.toThrow(
      `${vendor} answered something that is not JSON.`,
    );
    fake.setMode(name, 'hang');
    const controller = new AbortController();
    const running = tool.run({ query: 'q' }, context(auth, [], controller.signal));
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toThrow('Stopped.');
  });

  it('a vendor that closed its kept-alive connection under the request is asked again, once', async () => {
    const vendor = await resettingServer(1, { status: 200, contentType: 'text/plain', body: 'Paris' });
    const tool = build(wolfram, { env: { WOLFRAM_BASE_URL: vendor.url } });
    expect((await tool.run({ input: 'capital of France' }, context({ WOLFRAM_APP_ID: 'id' }))).output).toBe(
      'Paris',
    );
    expect(vendor.requests).toBe(2);
  });

  it('an unreachable vendor', async () => {
    const tool = build(tavily, { env: { TAVILY_BASE_URL: 'http://127.0.0.1:1' } });
    await expect(tool.run({ query: 'q' }, context({ TAVILY_API_KEY: 'k' }))).rejects.toThrow(
      'Tavily could not be reached.',
    );
  });
});

describe('the image tools', () => {
  it('dalle (DALL·E 3): generates through the images API and saves the image as the user file', async () => {
    const saved: Saved[] = [];
    const result = await build(dalle3).run(
      { prompt: 'A lighthouse at sunset', style: 'natural' },
      context({ 'DALLE3_API_KEY||DALLE_API_KEY': 'sk-dalle-123456' }, saved),
    );
    expect(fake.requests[0]).toMatchObject({
      path: '/vendor/openai/v1/images/generations',
      headers: { authorization: 'Bearer sk-dalle-123456' },
      body: {
        model: 'dall-e-3',
        prompt: 'A lighthouse at sunset',
        n: 1,
        size: '1024x1024',
        style: 'natural',
        quality: 'standard',
        response_format: 'b64_json',
      },
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ mimeType: 'image/png', userId: 'user-1' });
    expect(saved[0]?.filename).toMatch(/^dalle-[0-9a-f]{8}\.png$/);
    expect(saved[0]?.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(result.files).toEqual([{ file_id: 'file-1', filepath: '/files/1', width: 256, height: 256 }]);
    expect(result.output).toContain('shown to the user');
    expect(result.output).toContain('A lighthouse at sunset, digital art');
  });

  it('dall-e (DALL·E 2) uses its own model and size; failures are readable', async () => {
    const tool = build(dalle2, { env: { DALLE2_BASEURL: `${fake.base('openai')}/v1` } });
    const auth = { 'DALLE2_API_KEY||DALLE_API_KEY': 'sk-dalle-2222' };
    const { files } = await tool.run({ prompt: 'a cat' }, context(auth));
    expect(files).toHaveLength(1);
    expect(fake.requests[0]?.body).toMatchObject({ model: 'dall-e-2', size: '512x512' });
    await expect(
      tool.run({ prompt: 'a cat' }, context({ 'DALLE2_API_KEY||DALLE_API_KEY': 'invalid-key' })),
    ).rejects.toThrow(/^DALL·E 2 answered 401: Incorrect API key provided: invalid-key\. Check the API key/);
    fake.setMode('openai', 'error500');
    await expect(tool.run({ prompt: 'a cat' }, context(auth))).rejects.toThrow(/^DALL·E 2 answered 500/);
    fake.setMode('openai', 'garbage');
    await expect(tool.run({ prompt: 'a cat' }, context(auth))).rejects.toBeInstanceOf(ToolError);
  });

  it('stable-diffusion: txt2img at the administrator URL; a user URL on loopback is refused', async () => {
    const url = fake.base('sd');
    const saved: Saved[] = [];
    const trusted = build(stableDiffusion, { env: { SD_WEBUI_URL: url } });
    const result = await trusted.run(
      { prompt: 'lighthouse, sunset, oil painting', negative_prompt: 'blurry' },
      context({ SD_WEBUI_URL: url }, saved),
    );
    expect(fake.requests[0]).toMatchObject({
      path: '/vendor/sd/sdapi/v1/txt2img',
      body: {
        prompt: 'lighthouse, sunset, oil painting',
        negative_prompt: 'blurry',
        width: 512,
        height: 512,
      },
    });
    expect(saved[0]?.filename).toMatch(/^stable-diffusion-[0-9a-f]{8}\.png$/);
    expect(result.files).toHaveLength(1);
    await expect(build(stableDiffusion).run({ prompt: 'x' }, context({ SD_WEBUI_URL: url }))).rejects.toThrow(
      /Stable Diffusion could not be reached\. The address 127\.0\.0\.1 is not allowed: it is a loopback address/,
    );
    fake.setMode('sd', 'garbage');
    await expect(trusted.run({ prompt: 'x' }, context({ SD_WEBUI_URL: url }))).rejects.toThrow(
      'Stable Diffusion answered something that is not JSON.',
    );
  });
});

describe('the browser tool', () => {
  const fakeHost = () => new URL(fake.url).host;
  const browser = () =>
    build(webBrowser, {
      guardedFetch: createGuardedFetch({ allow: { exempt: [parseAllowRule(fakeHost())] } }),
    });

  it('answers the readable passages relevant to the question, without the page chrome', async () => {
    const { output } = await browser().run(
      { url: `${fake.base('pages')}/article`, question: 'What is the tallest stone lighthouse in Europe?' },
      context({}),
    );
    expect(output).toMatch(
      /^Title: The Lighthouse Keeper's Almanac\nURL: http:\/\/127\.0\.0\.1:\d+\/vendor\/pages\/article/,
    );
    expect(output).toContain('Île Vierge lighthouse in Brittany');
    expect(output).not.toContain('Cookie settings');
    expect(output).not.toContain('Subscribe to our newsletter');
  }, 30_000);

  it('reads plain text; refuses what is not a page', async () => {
    const { output } = await browser().run(
      { url: `${fake.base('pages')}/notes.txt`, question: 'when is the meeting' },
      context({}),
    );
    expect(output).toContain('The meeting is on Tuesday at 10.');
    await expect(browser().run({ url: `${fake.base('pages')}/binary` }, context({}))).rejects.toThrow(
      'The address is not a web page (application/zip).',
    );
    await expect(browser().run({ url: `${fake.base('pages')}/nothing` }, context({}))).rejects.toThrow(
      'The page answered 404.',
    );
    await expect(browser().run({ url: 'file:///etc/passwd' }, context({}))).rejects.toThrow(
      'The url is not a valid http(s) address.',
    );
  }, 30_000);

  it('asks again, once, for a page whose kept-alive connection the site closed under the request', async () => {
    const site = await resettingServer(1, {
      status: 200,
      contentType: 'text/plain',
      body: 'The meeting is on Tuesday at 10.',
    });
    const tool = build(webBrowser, {
      guardedFetch: createGuardedFetch({ allow: { exempt: [parseAllowRule(new URL(site.url).host)] } }),
    });
    const { output } = await tool.run({ url: `${site.url}/notes.txt`, question: 'meeting' }, context({}));
    expect(output).toContain('The meeting is on Tuesday at 10.');
    expect(site.requests).toBe(2);
  }, 30_000);

  it('goes through the address guard: loopback, private, metadata and a redirect to metadata are refused', async () => {
    const guarded = build(webBrowser);
    for (const [url, kind] of [
      [`${fake.base('pages')}/article`, 'loopback'],
      ['http://10.0.0.8/', 'private'],
      ['http://169.254.169.254/latest/meta-data/', 'link-local'],
      ['http://[::1]:8080/', 'loopback'],
    ] as const) {
      await expect(guarded.run({ url }, context({}))).rejects.toThrow(
        new RegExp(`^The page was not opened: .*not allowed: it is a ${kind} address`),
      );
    }
    await expect(
      browser().run({ url: `${fake.base('pages')}/redirect-to-metadata` }, context({})),
    ).rejects.toThrow(/^The page was not opened: The address 169\.254\.169\.254 is not allowed/);
  }, 30_000);
});
