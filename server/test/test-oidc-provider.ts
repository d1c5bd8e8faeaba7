import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type InteractionDetails } from 'oidc-provider';

export interface TestOidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  preferred_username: string;
}

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** The person who "signs in" at the next interaction (no UI: the login is accepted at once). */
  account: TestOidcAccount;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 with a UI-less interaction: the login prompt signs in
 * `account`, the consent prompt grants everything asked. Clients authenticate with client_secret_post.
 */
export async function startTestOidcProvider(options: {
  clients: TestOidcClient[];
  account: TestOidcAccount;
}): Promise<TestOidcProvider> {
  // The provider needs the issuer URL, which needs the listening server: the handler looks it up late.
  const ref: { provider?: Provider } = {};
  const state = { account: options.account };
  const server = createServer((req, res) => {
    const { provider } = ref;
    if (!provider) return res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res, state.account.sub).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  ref.provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' }] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    cookies: { keys: ['test-oidc-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) =>
      id === state.account.sub ? { accountId: id, claims: () => ({ ...state.account }) } : undefined,
  });

  return {
    issuer,
    get account() {
      return state.account;
    },
    set account(account: TestOidcAccount) {
      state.account = account;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse, sub: string) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grantId = await grantEverything(provider, details);
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}

async function grantEverything(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session?.accountId ?? '';
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId, clientId: details.params.client_id });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}
