import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/describe-each-engine';
import { appErrorOf as failure, resolverHarness } from './test-support';

const PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(640)}\n-----END PRIVATE KEY-----\n`;
const SERVICE_KEY = {
  client_email: 'bot@proj.iam.gserviceaccount.com',
  project_id: 'proj-1',
  private_key: PRIVATE_KEY,
};

describeEachEngine('resolveCredentials', (_getDb, { getDatabase }) => {
  const setup = resolverHarness(getDatabase);

  it('uses the server keys and URLs of the environment', async () => {
    const { resolve } = await setup({
      OPENAI_API_KEY: 'sk-openai',
      OPENAI_REVERSE_PROXY: 'https://proxy.example/v1',
      OPENAI_ORGANIZATION: 'org-1',
      ANTHROPIC_API_KEY: 'sk-ant',
      ANTHROPIC_REVERSE_PROXY: 'https://anthropic-proxy.example',
      GOOGLE_KEY: 'g-key',
      BINGAI_TOKEN: 'cookie=1',
      BINGAI_HOST: 'https://bing.example',
      CHATGPT_TOKEN: 'access-token',
    });
    const openAI = { apiKey: 'sk-openai', baseURL: 'https://proxy.example/v1', organization: 'org-1' };
    expect(await resolve('openAI')).toEqual({ kind: 'openAI', credentials: openAI });
    expect(await resolve('gptPlugins')).toEqual({ kind: 'openAI', credentials: openAI });
    expect(await resolve('anthropic')).toEqual({
      kind: 'anthropic',
      credentials: { apiKey: 'sk-ant', baseURL: 'https://anthropic-proxy.example' },
    });
    expect(await resolve('google')).toEqual({ kind: 'google', credentials: { apiKey: 'g-key' } });
    expect(await resolve('bingAI')).toEqual({
      kind: 'bingAI',
      credentials: { cookies: 'cookie=1', baseURL: 'https://bing.example' },
    });
    expect(await resolve('chatGPTBrowser')).toEqual({
      kind: 'chatGPTBrowser',
      credentials: { apiKey: 'access-token' },
    });
  });

  it('answers unknown_endpoint for an endpoint that is not enabled', async () => {
    const { resolve } = await setup({ OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'sk', ENDPOINTS: 'openAI' });
    expect((await failure(resolve('nope'))).code).toBe('unknown_endpoint');
    expect((await failure(resolve('anthropic'))).code).toBe('unknown_endpoint');
  });

  it('answers no_user_key when a user_provided endpoint has no key of the caller', async () => {
    const { resolve } = await setup({ OPENAI_API_KEY: 'user_provided' });
    const error = await failure(resolve('openAI'));
    expect(error).toMatchObject({ status: 400, code: 'no_user_key', details: { endpoint: 'openAI' } });
  });

  it('answers expired_user_key with the endpoint and the time it expired', async () => {
    const { resolve, saveKey } = await setup({ OPENAI_API_KEY: 'user_provided' });
    const past = new Date(Date.now() - 60_000).toISOString();
    await saveKey('openAI', { apiKey: 'sk-user' }, past);
    const error = await failure(resolve('openAI'));
    expect(error.code).toBe('expired_user_key');
    expect(error.details).toEqual({ endpoint: 'openAI', expiredAt: past });
  });

  it('answers invalid_user_key for a key that is not the JSON its endpoint needs', async () => {
    const { resolve, saveKey } = await setup({
      OPENAI_API_KEY: 'user_provided',
      AZURE_API_KEY: 'user_provided',
    });
    await saveKey('openAI', 'sk-not-json');
    expect((await failure(resolve('openAI'))).code).toBe('invalid_user_key');
    await saveKey('openAI', '["sk"]');
    expect((await failure(resolve('openAI'))).code).toBe('invalid_user_key');
    await saveKey('azureOpenAI', { azureOpenAIApiKey: 'k' });
    expect((await failure(resolve('azureOpenAI'))).code).toBe('invalid_user_key');
  });

  it('answers no_base_url when users bring the URL and the key has none', async () => {
    const { resolve, saveKey } = await setup({
      OPENAI_API_KEY: 'user_provided',
      OPENAI_REVERSE_PROXY: 'user_provided',
    });
    await saveKey('openAI', { apiKey: 'sk-user' });
    expect((await failure(resolve('openAI'))).code).toBe('no_base_url');
    await saveKey('openAI', { apiKey: 'sk-user', baseURL: 'https://mine.example/v1/' });
    expect(await resolve('openAI')).toEqual({
      kind: 'openAI',
      // A base URL the user chose is only called through the address guard.
      credentials: { apiKey: 'sk-user', baseURL: 'https://mine.example/v1', fetch: expect.any(Function) },
    });
  });

  it('uses the caller’s own OpenAI key for openAI and plugins', async () => {
    const { resolve, saveKey } = await setup({ OPENAI_API_KEY: 'user_provided' });
    await saveKey('openAI', { apiKey: 'sk-user' });
    expect(await resolve('openAI')).toEqual({ kind: 'openAI', credentials: { apiKey: 'sk-user' } });
    expect(await resolve('gptPlugins')).toEqual({ kind: 'openAI', credentials: { apiKey: 'sk-user' } });
  });

  it('resolves custom endpoints: literal, ${ENV} and user_provided values, headers and params', async () => {
    const { resolve, saveKey } = await setup(
      { GROQ_KEY: 'gsk-1', GROQ_HOST: 'api.groq.example', TRACE: 'abc' },
      {
        endpoints: {
          custom: [
            {
              name: 'Groq',
              apiKey: '${GROQ_KEY}',
              baseURL: 'https://${GROQ_HOST}/openai/v1',
              models: { default: ['llama3-70b'] },
              headers: { 'x-trace': 'trace-${TRACE}', 'x-fixed': 'yes' },
              addParams: { safe_prompt: true },
              dropParams: ['stop', 'user'],
              titleConvo: true,
              titleModel: 'llama3-8b',
              modelDisplayLabel: 'Groq',
            },
            {
              name: 'Own',
              apiKey: 'user_provided',
              baseURL: 'http://literal:8000/v1',
              models: { default: ['m'] },
            },
            { name: 'Both', apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['m'] } },
          ],
        },
      },
    );
    expect(await resolve('Groq')).toEqual({
      kind: 'custom',
      credentials: {
        apiKey: 'gsk-1',
        baseURL: 'https://api.groq.example/openai/v1',
        headers: { 'x-trace': 'trace-abc', 'x-fixed': 'yes' },
      },
      extraBody: { safe_prompt: true },
      dropParams: ['stop', 'user'],
      titleConvo: true,
      titleModel: 'llama3-8b',
      modelDisplayLabel: 'Groq',
    });
    await saveKey('Own', { apiKey: 'sk-own' });
    expect(await resolve('Own')).toEqual({
      kind: 'custom',
      credentials: { apiKey: 'sk-own', baseURL: 'http://literal:8000/v1' },
    });
    await saveKey('Both', { apiKey: 'sk-both' });
    expect((await failure(resolve('Both'))).code).toBe('no_base_url');
  });

  it('takes Google’s service key and API key from the caller’s key, validating the service key', async () => {
    const { resolve, saveKey } = await setup({ GOOGLE_KEY: 'user_provided' });
    await saveKey('google', {
      GOOGLE_SERVICE_KEY: { ...SERVICE_KEY, type: 'service_account' },
      GOOGLE_API_KEY: 'g-api',
    });
    expect(await resolve('google')).toEqual({
      kind: 'google',
      credentials: { apiKey: 'g-api', serviceAccount: SERVICE_KEY },
    });
    await saveKey('google', { GOOGLE_SERVICE_KEY: JSON.stringify(SERVICE_KEY) });
    expect((await resolve('google')).credentials).toEqual({ serviceAccount: SERVICE_KEY });
    await saveKey('google', { GOOGLE_SERVICE_KEY: { ...SERVICE_KEY, private_key: 'too short' } });
    expect((await failure(resolve('google'))).code).toBe('invalid_user_key');
    await saveKey('google', { GOOGLE_API_KEY: '' });
    expect((await failure(resolve('google'))).code).toBe('no_user_key');
  });

  it('uses a raw user key for Anthropic and a cookie string for Bing', async () => {
    const { resolve, saveKey } = await setup({
      ANTHROPIC_API_KEY: 'user_provided',
      BINGAI_TOKEN: 'user_provided',
    });
    await saveKey('anthropic', 'sk-ant-user');
    await saveKey('bingAI', '_U=abc; SRCHHPGUSR=x');
    expect(await resolve('anthropic')).toEqual({ kind: 'anthropic', credentials: { apiKey: 'sk-ant-user' } });
    expect(await resolve('bingAI')).toEqual({
      kind: 'bingAI',
      credentials: { cookies: '_U=abc; SRCHHPGUSR=x' },
    });
  });
});
