// A host NAME that resolves to a private address (10.0.0.1) is refused when the connection is made, without
// saying which address it resolved to (that would let users map the internal DNS). The
// machine has no such name, so the operating system's resolver is replaced for this file only; the guard,
// the caller and the HTTP stack are the real ones.
import type * as Dns from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_EXEMPTIONS } from '../net/address-guard';
import { createActionCaller } from './caller';
import { encodeDomain } from './domain';
import { validateActionSpec } from './validate-spec';
import { startTestApi, testApiSpec, type TestApi } from './test-api-server';

// The spec check starts a worker thread (TypeScript from sources under Vitest): slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof Dns>();
  const lookup = (async (hostname: string, options?: unknown) => {
    if (hostname === 'internal.example.test') return [{ address: '10.0.0.1', family: 4 }];
    if (hostname === 'rebind.example.test') return [{ address: '127.0.0.1', family: 4 }];
    return real.lookup(hostname, options as never);
  }) as typeof real.lookup;
  return { ...real, default: { ...real, lookup }, lookup };
});

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('createActionCaller with names that resolve to private addresses', () => {
  it('refuses a name that resolves to 10.0.0.1', async () => {
    const checked = await validateActionSpec(testApiSpec('http://internal.example.test/v1'));
    if (!checked.ok) throw new Error(checked.message);
    const call = createActionCaller({
      spec: checked.spec,
      domain: 'internal.example.test',
      auth: { type: 'none' },
      secrets: {},
      allow: NO_EXEMPTIONS,
    });
    await expect(
      call(`getPet_action_${encodeDomain('internal.example.test')}`, { petId: '1' }),
    ).rejects.toThrow(
      "The action's address was refused: The address internal.example.test is not allowed: it resolves to a private address.",
    );
    await expect(
      call(`getPet_action_${encodeDomain('internal.example.test')}`, { petId: '1' }),
    ).rejects.not.toThrow('10.0.0.1');
  });

  it('refuses a name that resolves to loopback, before any byte reaches the server there', async () => {
    const checked = await validateActionSpec(testApiSpec(`http://rebind.example.test:${api.port}/v1`));
    if (!checked.ok) throw new Error(checked.message);
    const call = createActionCaller({
      spec: checked.spec,
      domain: 'rebind.example.test',
      auth: { type: 'service_http', authorization_type: 'bearer' },
      secrets: { apiKey: 'secret' },
      allow: NO_EXEMPTIONS,
    });
    await expect(
      call(`getPet_action_${encodeDomain('rebind.example.test')}`, { petId: '1' }),
    ).rejects.toThrow(
      "The action's address was refused: The address rebind.example.test is not allowed: it resolves to a loopback address.",
    );
    expect(api.seen).toHaveLength(0);
  });
});
