import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@parley/shared/api/paths';
import { buildTestApp, tempDir, type TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';

let testApp: TestApp;
let user: TestUser;

beforeAll(async () => {
  const webDist = tempDir('parley-web-');
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
  testApp = await buildTestApp({ webDist });
  user = await createTestUser(testApp, { password: null });
});
afterAll(() => testApp.close());

/** `directive → sources` of a Content-Security-Policy header. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  const directives = header.split(';').map((part) => part.trim().split(/\s+/));
  return new Map(directives.filter(([name]) => name).map(([name = '', ...sources]) => [name, sources]));
}

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  const csp = cspOf(response);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, 'CSP limits scripts').toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(csp.get('frame-ancestors')?.length, 'CSP has frame-ancestors').toBeGreaterThan(0);
  expect(csp.get('object-src') ?? csp.get('default-src')).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/,
  );
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  const cases: Array<[string, () => Promise<LightMyRequestResponse>]> = [
    ['an API answer', () => testApp.app.inject({ url: paths.config })],
    ['an authenticated API answer', () => testApp.app.inject({ url: paths.convos, headers: user.headers })],
    ['a 401', () => testApp.app.inject({ url: paths.convos })],
    [
      'a validation 400',
      () => testApp.app.inject({ url: `${paths.convos}?pageNumber=x`, headers: user.headers }),
    ],
    ['an unknown API path', () => testApp.app.inject({ url: '/api/nope' })],
    ['a malformed URL', () => testApp.app.inject({ url: '/api/convos/%E0%A4%A' })],
    [
      'a body over the limit',
      () =>
        testApp.app.inject({
          method: 'POST',
          url: paths.authLogin,
          headers: { 'content-type': 'application/json' },
          payload: 'x'.repeat(4 * 1024 * 1024),
        }),
    ],
    ['the web app', () => testApp.app.inject({ url: '/' })],
    ['a deep link of the web app', () => testApp.app.inject({ url: '/c/new' })],
    ['a web asset', () => testApp.app.inject({ url: '/assets/app.js' })],
  ];

  it.for(cases)('are on %s', async ([, request]) => {
    expectSecurityHeaders(await request());
  });

  it('images load only from our origin, data: and blob: when nothing remote is configured', async () => {
    const page = await testApp.app.inject({ url: '/c/new' });
    expect(cspOf(page).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('images load from the remote origins the administrator configured, and no others', async () => {
    const dir = tempDir('parley-csp-');
    const configPath = join(dir, 'librechat.yaml');
    writeFileSync(
      configPath,
      [
        'version: 1.0.8',
        'endpoints:',
        '  custom:',
        '    - name: Mistral',
        '      apiKey: x',
        '      baseURL: https://api.mistral.ai/v1',
        '      models: { default: [mistral-small] }',
        '      iconURL: https://cdn.example.com/icons/mistral.png',
        '    - name: Local',
        '      apiKey: x',
        '      baseURL: http://127.0.0.1:1/v1',
        '      models: { default: [m] }',
        '      iconURL: "https://evil.example;script-src *"',
        'modelSpecs:',
        '  list:',
        '    - name: s',
        '      label: S',
        '      iconURL: https://icons.example.org:8443/s.svg',
        '      preset: { endpoint: Mistral, iconURL: /assets/own.svg }',
      ].join('\n'),
    );
    const configured = await buildTestApp({
      env: {
        CONFIG_PATH: configPath,
        OPENID_IMAGE_URL: 'https://login.example.net/logo.png',
        GITHUB_CLIENT_ID: 'id',
      },
    });
    try {
      const page = await configured.app.inject({ url: paths.config });
      const images = cspOf(page).get('img-src');
      expect(images).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://cdn.example.com',
        'https://icons.example.org:8443',
        'https://login.example.net',
        'https://avatars.githubusercontent.com',
      ]);
      expect(cspOf(page).get('script-src')).toEqual(["'self'"]);
    } finally {
      await configured.close();
    }
  });

  it('the page is HTML with the same policy (no inline script allowed to run)', async () => {
    const page = await testApp.app.inject({ url: '/c/new' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(cspOf(page).get('script-src')).toEqual(["'self'"]);
  });
});
