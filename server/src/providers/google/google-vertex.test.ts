import { generateKeyPairSync, verify } from 'node:crypto';
import { startFakeGoogle } from '@parley/fakes/google-server';
import type { FakeGoogle } from '@parley/fakes/google-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectEvents } from '../conformance/collect-events';
import { describeConformance } from '../conformance/conformance-suite';
import type { Credentials } from '../types';
import { googleConformanceTarget, helloGemini } from './google-conformance-target';
import { createGoogleProvider } from './google-provider';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A service account whose key file names the fake's token endpoint, so no call leaves the machine. */
function vertexCredentials(fake: FakeGoogle): Credentials {
  return {
    baseURL: fake.url,
    serviceAccount: {
      client_email: 'parley@proj-1.iam.gserviceaccount.com',
      project_id: 'proj-1',
      private_key: pem,
      token_uri: fake.tokenUri,
    },
  };
}

describeConformance('google on Vertex AI', async () => {
  const fake = await startFakeGoogle();
  const target = googleConformanceTarget(fake, createGoogleProvider(), () =>
    helloGemini(vertexCredentials(fake)),
  );
  return { target, close: () => fake.close() };
});

describe('google on Vertex AI', () => {
  let fake: FakeGoogle;
  beforeAll(async () => {
    fake = await startFakeGoogle();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("signs in as the service account at the key's token_uri and streams from the project's us-central1 route", async () => {
    const provider = createGoogleProvider();
    fake.script({ replies: [{ chunks: ['From', ' Vertex'] }] });

    const { events, error } = await collectEvents(
      provider,
      helloGemini(vertexCredentials(fake)),
      new AbortController().signal,
    );

    expect(error).toBeUndefined();
    expect(events.map(({ event }) => event.type)).toEqual(['text-delta', 'text-delta', 'finish']);
    const issued = fake.issuedTokens.at(-1);
    expect(issued?.claims).toMatchObject({
      iss: 'parley@proj-1.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/cloud-platform',
    });
    const [header, payload, signature] = (issued?.assertion ?? '').split('.');
    const signed = Buffer.from(`${header}.${payload}`);
    expect(verify('RSA-SHA256', signed, publicKey, Buffer.from(signature ?? '', 'base64url'))).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1beta1/projects/proj-1/locations/us-central1/publishers/google/models/gemini-1.5-pro:streamGenerateContent',
      headers: { authorization: `Bearer ${issued?.accessToken}` },
    });
  });

  it('reuses the access token for later calls with the same service account', async () => {
    const provider = createGoogleProvider();
    const before = fake.issuedTokens.length;

    for (let call = 0; call < 3; call += 1) {
      fake.script({ replies: [{ text: 'ok' }] });
      const { error } = await collectEvents(
        provider,
        helloGemini(vertexCredentials(fake)),
        new AbortController().signal,
      );
      expect(error).toBeUndefined();
    }

    expect(fake.issuedTokens.length - before).toBe(1);
  });

  it('does not list models for a service account, so the caller uses its configured list', async () => {
    await expect(
      createGoogleProvider().listModels({ credentials: vertexCredentials(fake) }),
    ).rejects.toMatchObject({
      kind: 'bad_request',
    });
  });
});
