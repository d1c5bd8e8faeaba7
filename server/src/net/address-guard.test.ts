import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AddressRefusedError,
  assertAllowedUrl,
  createGuardedFetch,
  NO_EXEMPTIONS,
  type AddressAllowList,
} from './address-guard';
import { parseAllowRule } from './allow-rules';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

async function listen(handler: Handler): Promise<{ server: Server; port: number; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

const allow = (...entries: string[]): AddressAllowList => ({ exempt: entries.map(parseAllowRule) });

let target: Awaited<ReturnType<typeof listen>>;
let redirector: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  target = await listen((req, res, body) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        body,
        authorization: req.headers.authorization ?? null,
      }),
    );
  });
  redirector = await listen((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams;
    res.statusCode = Number(to.get('status') ?? 302);
    res.setHeader('location', to.get('to') ?? '/');
    res.end('moved');
  });
});

afterAll(() => {
  target.server.close();
  redirector.server.close();
});

describe('assertAllowedUrl', () => {
  // Each refusal names its reason: a refusal for the wrong reason (a valid address thought invalid, a
  // private one taken for loopback) fails here.
  it.each([
    ['http://127.0.0.1/', 'The address 127.0.0.1 is not allowed: it is a loopback address.'],
    ['http://2130706433/', 'The address 127.0.0.1 is not allowed: it is a loopback address.'],
    ['http://0x7f.1/', 'The address 127.0.0.1 is not allowed: it is a loopback address.'],
    ['http://0177.0.0.1/', 'The address 127.0.0.1 is not allowed: it is a loopback address.'],
    ['http://127.1/', 'The address 127.0.0.1 is not allowed: it is a loopback address.'],
    ['http://[::1]/', 'The address ::1 is not allowed: it is a loopback address.'],
    ['http://[::ffff:127.0.0.1]/', 'The address ::ffff:7f00:1 is not allowed: it is an IPv4-mapped address.'],
    ['http://[::ffff:7f00:1]/', 'The address ::ffff:7f00:1 is not allowed: it is an IPv4-mapped address.'],
    ['http://[::127.0.0.1]/', 'The address ::7f00:1 is not allowed: it is an IPv4-compatible address.'],
    [
      'http://[64:ff9b::7f00:1]/',
      'The address 64:ff9b::7f00:1 is not allowed: it is a NAT64 address of a non-public IPv4 address.',
    ],
    [
      'http://169.254.169.254/latest/meta-data/',
      'The address 169.254.169.254 is not allowed: it is a link-local address.',
    ],
    ['http://[fe80::1]/', 'The address fe80::1 is not allowed: it is a link-local address.'],
    ['http://10.0.0.1/', 'The address 10.0.0.1 is not allowed: it is a private address.'],
    ['http://192.168.0.1:8080/', 'The address 192.168.0.1 is not allowed: it is a private address.'],
    ['http://100.64.0.1/', 'The address 100.64.0.1 is not allowed: it is a shared (CGNAT) address.'],
    ['http://[fd00::1]/', 'The address fd00::1 is not allowed: it is a private address.'],
    ['http://0.0.0.0/', 'The address 0.0.0.0 is not allowed: it is an unspecified address.'],
    ['http://[::]/', 'The address :: is not allowed: it is an unspecified address.'],
    ['http://224.0.0.1/', 'The address 224.0.0.1 is not allowed: it is a multicast address.'],
    ['http://255.255.255.255/', 'The address 255.255.255.255 is not allowed: it is a broadcast address.'],
    ['http://localhost:3080/', 'The address localhost is not allowed: it resolves to a loopback address.'],
  ])('refuses %s: %s', async (url, reason) => {
    const refusal = assertAllowedUrl(url, NO_EXEMPTIONS);
    await expect(refusal).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(refusal).rejects.toThrow(reason);
  });

  it.each([
    ['file:///etc/passwd', 'Only http and https addresses are allowed, not file.'],
    ['ftp://example.com/', 'Only http and https addresses are allowed, not ftp.'],
    ['gopher://example.com/', 'Only http and https addresses are allowed, not gopher.'],
    ['data:text/plain,hi', 'Only http and https addresses are allowed, not data.'],
    ['not a url', 'The address is not a valid URL.'],
  ])('refuses the non-http address %s: %s', async (url, reason) => {
    const refusal = assertAllowedUrl(url, NO_EXEMPTIONS);
    await expect(refusal).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(refusal).rejects.toThrow(reason);
  });

  it('says why in words the user can act on', async () => {
    await expect(assertAllowedUrl('http://2130706433/v1', NO_EXEMPTIONS)).rejects.toThrow(
      'The address 127.0.0.1 is not allowed: it is a loopback address.',
    );
    await expect(assertAllowedUrl('http://[fe80::1]/', NO_EXEMPTIONS)).rejects.toThrow(
      'The address fe80::1 is not allowed: it is a link-local address.',
    );
  });

  it('does not name the address a host name resolved to', async () => {
    const refusal = assertAllowedUrl('http://localhost/', NO_EXEMPTIONS);
    await expect(refusal).rejects.toThrow(
      'The address localhost is not allowed: it resolves to a loopback address.',
    );
    await expect(refusal).rejects.not.toThrow(/127\.0\.0\.1|::1/);
  });

  it('lets public literals and allow-listed hosts through', async () => {
    await expect(assertAllowedUrl('https://8.8.8.8/v1', NO_EXEMPTIONS)).resolves.toBeInstanceOf(URL);
    await expect(assertAllowedUrl('https://[2606:4700:4700::1111]/', NO_EXEMPTIONS)).resolves.toBeInstanceOf(
      URL,
    );
    await expect(
      assertAllowedUrl('http://127.0.0.1:11434/v1', allow('127.0.0.1:11434')),
    ).resolves.toBeInstanceOf(URL);
    await expect(assertAllowedUrl('http://127.0.0.1:11435/v1', allow('127.0.0.1:11434'))).rejects.toThrow(
      'The address 127.0.0.1 is not allowed: it is a loopback address.',
    );
    await expect(assertAllowedUrl('http://localhost:11434/', allow('localhost'))).resolves.toBeInstanceOf(
      URL,
    );
    await expect(
      assertAllowedUrl('http://localhost:11434/', allow('127.0.0.0/8', '::1')),
    ).resolves.toBeInstanceOf(URL);
  });

  it('limits to the only-list when one is given', async () => {
    const only: AddressAllowList = { exempt: [], only: [parseAllowRule('*.example.com')] };
    await expect(assertAllowedUrl('https://8.8.8.8/', only)).rejects.toThrow('not in the allowed domains');
  });
});

describe('createGuardedFetch', () => {
  it('refuses 127.0.0.1 without an exemption, before any byte reaches it', async () => {
    const before = target.seen.length;
    const guarded = createGuardedFetch({ allow: NO_EXEMPTIONS });
    await expect(guarded(`http://127.0.0.1:${target.port}/v1/models`)).rejects.toThrow(
      'The address 127.0.0.1 is not allowed: it is a loopback address.',
    );
    await expect(guarded(`http://localhost:${target.port}/v1/models`)).rejects.toThrow(
      /^The address localhost is not allowed: it resolves to a loopback address\.$/,
    );
    await expect(guarded(`http://2130706433:${target.port}/`)).rejects.toThrow(/loopback/);
    expect(target.seen.length).toBe(before);
  });

  it('reaches an allow-listed host, with method, headers and body', async () => {
    const guarded = createGuardedFetch({ allow: allow(`127.0.0.1:${target.port}`) });
    const response = await guarded(`http://127.0.0.1:${target.port}/v1/chat`, {
      method: 'POST',
      headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/v1/chat',
      body: '{"a":1}',
      authorization: 'Bearer k',
    });
  });

  it('re-checks a redirect and refuses one to 127.0.0.1', async () => {
    const before = target.seen.length;
    const guarded = createGuardedFetch({ allow: allow(`127.0.0.1:${redirector.port}`) });
    const to = encodeURIComponent(`http://127.0.0.1:${target.port}/secret`);
    await expect(guarded(`http://127.0.0.1:${redirector.port}/?to=${to}`)).rejects.toThrow(/loopback/);
    const viaName = encodeURIComponent(`http://localhost:${target.port}/secret`);
    await expect(guarded(`http://127.0.0.1:${redirector.port}/?to=${viaName}&status=307`)).rejects.toThrow(
      /loopback/,
    );
    await expect(
      guarded(`http://127.0.0.1:${redirector.port}/?to=${encodeURIComponent('file:///etc/passwd')}`),
    ).rejects.toThrow(/Only http and https/);
    expect(target.seen.length).toBe(before);
  });

  it('follows allowed redirects by the fetch rules, dropping credentials across origins', async () => {
    const guarded = createGuardedFetch({
      allow: allow(`127.0.0.1:${redirector.port}`, `127.0.0.1:${target.port}`),
    });
    const to = encodeURIComponent(`http://127.0.0.1:${target.port}/next`);
    const kept = await guarded(`http://127.0.0.1:${redirector.port}/?status=307&to=${to}`, {
      method: 'POST',
      headers: { authorization: 'Bearer k' },
      body: 'payload',
    });
    expect(await kept.json()).toEqual({ method: 'POST', url: '/next', body: 'payload', authorization: null });
    const changed = await guarded(`http://127.0.0.1:${redirector.port}/?status=302&to=${to}`, {
      method: 'POST',
      body: 'x',
    });
    expect(await changed.json()).toMatchObject({ method: 'GET', body: '' });
  });

  it('stops after the hop limit', async () => {
    const guarded = createGuardedFetch({ allow: allow(`127.0.0.1:${redirector.port}`), maxRedirects: 3 });
    const self = `http://127.0.0.1:${redirector.port}/?to=`;
    const loop =
      self +
      encodeURIComponent(
        self + encodeURIComponent(self + encodeURIComponent(self + encodeURIComponent(self))),
      );
    await expect(guarded(loop)).rejects.toThrow('Too many redirects');
  });
});
