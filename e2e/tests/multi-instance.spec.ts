import { createAccount, logInThroughForm, newAccount, userMenuButton } from '../support/accounts';
import { messageBox, messages, send } from '../support/chat-fixtures';
import {
  CLUSTER_BAN_VIOLATIONS,
  CLUSTER_LOGIN_MAX,
  expect,
  test,
  type Cluster,
} from '../support/cluster-fixtures';
import { EventStream } from '../support/event-stream';
import { UPSTREAM_HEADER } from '../support/round-robin-proxy';

/** Each journey's cluster boots two servers; the journeys themselves stream for several seconds. */
test.describe.configure({ mode: 'default', timeout: 120_000 });

interface ApiUser {
  token: string;
}

/** `fetch` through the proxy, to instance `upstream` (0 or 1) when given. */
async function call(
  cluster: Cluster,
  method: string,
  path: string,
  options: { upstream?: number; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.upstream !== undefined) headers[UPSTREAM_HEADER] = String(options.upstream);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${cluster.proxy.url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

async function registerApiUser(cluster: Cluster): Promise<ApiUser> {
  const account = newAccount('cluster');
  const response = await call(cluster, 'POST', '/api/auth/register', {
    body: { ...account, confirm_password: account.password },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { token };
}

const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i} `);

/** The instances that answered requests with this method and path (its query string aside). */
function upstreamOf(cluster: Cluster, method: string, path: string): number[] {
  return cluster.proxy.served
    .filter((r) => r.method === method && r.path.split('?')[0] === path)
    .map((r) => r.upstream);
}

test.describe('two instances behind a round-robin proxy', () => {
  test('signed in on one instance, the session holds on the other', async ({ page, request, cluster }) => {
    const account = newAccount('two-instances');
    await createAccount(request, cluster.proxy.url, account);
    await page.context().setExtraHTTPHeaders({ [UPSTREAM_HEADER]: '0' });
    await page.goto('/login');
    await logInThroughForm(page, account.email, account.password);
    await expect(userMenuButton(page, account)).toBeVisible();
    expect(cluster.proxy.served.filter((r) => r.path === '/api/auth/login')).toEqual([
      expect.objectContaining({ upstream: 0, status: 200 }),
    ]);

    await page.context().setExtraHTTPHeaders({ [UPSTREAM_HEADER]: '1' });
    await page.reload();
    await expect(userMenuButton(page, account)).toBeVisible();
    const refreshes = cluster.proxy.served.filter((r) => r.path.startsWith('/api/auth/refresh'));
    expect(refreshes.filter((r) => r.upstream === 1 && r.status === 200).length).toBeGreaterThan(0);

    // And taking turns, as a load balancer without sticky sessions does.
    await page.context().setExtraHTTPHeaders({});
    for (let i = 0; i < 3; i++) {
      await page.reload();
      await expect(userMenuButton(page, account)).toBeVisible();
    }
  });

  test('a reply started on one instance is picked up after a reload on the other, and stopped there', async ({
    page,
    cluster,
  }) => {
    const pin = (upstream: number) =>
      page.context().setExtraHTTPHeaders({ [UPSTREAM_HEADER]: String(upstream) });
    await pin(0);
    const account = newAccount('resume');
    const registered = await page.request.post('/api/auth/register', {
      data: { ...account, confirm_password: account.password },
    });
    expect(registered.status()).toBe(200);
    await page.goto('/c/new');
    await expect(messageBox(page)).toBeVisible();
    const text = Array.from({ length: 150 }, (_, i) => `word${i}`).join(' ');
    // Held after word17 or so: the reload and Stop happen while the reply is in progress, whatever the load.
    await cluster.fake.script({ replies: [{ text, chunkSize: 6, delayMs: 80, holdAfterChunks: 20 }] });
    await send(page, 'Count slowly');
    const reply = messages(page).nth(1);
    await expect(reply).toContainText('word3');
    await expect(page).toHaveURL(/\/c\/[0-9a-f-]{36}$/);
    const conversationId = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    await pin(1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Stop generating' })).toBeVisible();
    await expect(messages(page).nth(1)).toContainText('word12', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    const stopped = (await messages(page).nth(1).innerText()).trim();
    expect(stopped).not.toContain('word149');

    expect(upstreamOf(cluster, 'POST', '/api/ask/openAI')).toEqual([0]);
    expect(upstreamOf(cluster, 'GET', `/api/ask/stream/${conversationId}`)).toContain(1);
    expect(upstreamOf(cluster, 'POST', '/api/ask/openAI/abort')).toEqual([1]);

    // What instance 0 saved is what instance 1 stopped.
    await pin(0);
    await page.reload();
    await expect(messages(page).nth(1)).toContainText('word12');
    expect((await messages(page).nth(1).innerText()).trim()).toBe(stopped);
    expect(await cluster.fake.chatRequests()).toHaveLength(1);
  });

  test('a stream passes the proxy unbuffered, resumes after Last-Event-ID on the other instance and is aborted there', async ({
    cluster,
  }) => {
    const user = await registerApiUser(cluster);
    await cluster.fake.script({ replies: [{ chunks: words(100), delayMs: 80 }] });
    const controller = new AbortController();
    const started = new EventStream(
      await fetch(`${cluster.proxy.url}/api/ask/openAI`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.token}`,
          [UPSTREAM_HEADER]: '0',
        },
        body: JSON.stringify({ endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null, text: 'Go' }),
        signal: controller.signal,
      }),
    );
    await started.waitFor((e) => e.event === 'text' && e.data.text === 'w3 ');
    // Buffered, nothing would arrive before the whole reply; here the deltas come while it is written.
    expect(started.types()).not.toContain('final');
    const created = started.events[0]?.data;
    const conversationId = String(created?.conversationId);
    controller.abort();
    await started.done;
    const lastId = started.events.at(-1)?.id ?? 0;

    const resumed = new EventStream(
      await call(cluster, 'GET', `/api/ask/stream/${conversationId}`, {
        upstream: 1,
        token: user.token,
        headers: { 'last-event-id': String(lastId) },
      }),
    );
    expect(resumed.response.status).toBe(200);
    const next = await resumed.waitFor((e) => e.event === 'text');
    expect(next.id).toBe(lastId + 1);

    const aborted = await call(cluster, 'POST', '/api/ask/openAI/abort', {
      upstream: 1,
      token: user.token,
      body: { abortKey: conversationId, endpoint: 'openAI' },
    });
    expect(aborted.status).toBe(200);
    const final = (await aborted.json()) as { responseMessage: { text: string; finish_reason: string } };
    expect(final.responseMessage.finish_reason).toBe('incomplete');
    await resumed.done;
    expect(resumed.types().at(-1)).toBe('final');
    expect(started.text() + resumed.text()).toBe(final.responseMessage.text);
    expect(final.responseMessage.text).not.toContain('w99');
  });

  test('sign-in limits and bans count on both instances together', async ({ cluster }) => {
    const ip = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const attempt = async (upstream: number) => {
      const response = await call(cluster, 'POST', '/api/auth/login', {
        upstream,
        headers: { 'x-forwarded-for': ip },
        body: { email: 'nobody@example.com', password: 'not the password' },
      });
      return response.status;
    };
    const statuses: number[] = [];
    // Alternating instances: LOGIN_MAX tries in all, then refusals that add up to a ban, then the ban.
    const tries = CLUSTER_LOGIN_MAX + CLUSTER_BAN_VIOLATIONS + 2;
    for (let i = 0; i < tries; i++) statuses.push(await attempt(i % 2));
    expect(statuses).toEqual([
      ...Array<number>(CLUSTER_LOGIN_MAX).fill(401),
      ...Array<number>(CLUSTER_BAN_VIOLATIONS).fill(429),
      403,
      403,
    ]);
  });

  test('a title generated on one instance is served by the other', async ({ cluster }) => {
    const user = await registerApiUser(cluster);
    await cluster.fake.script({
      replies: [{ text: 'Lyon is lovely in spring.' }, { text: 'Spring In Lyon' }],
    });
    const reply = new EventStream(
      await call(cluster, 'POST', '/api/ask/openAI', {
        upstream: 0,
        token: user.token,
        body: { endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null, text: 'Lyon in April?' },
      }),
    );
    await reply.done;
    expect(reply.types().at(-1)).toBe('final');
    const conversationId = String(reply.events[0]?.data.conversationId);

    const title = await call(cluster, 'POST', '/api/convos/gen_title', {
      upstream: 1,
      token: user.token,
      body: { conversationId },
    });
    expect(title.status).toBe(200);
    expect(await title.json()).toEqual({ title: 'Spring In Lyon' });
    expect(upstreamOf(cluster, 'POST', '/api/convos/gen_title')).toEqual([1]);
  });
});
