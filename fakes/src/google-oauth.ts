// The OAuth 2.0 token endpoint a service account uses (JWT bearer grant, RFC 7523), as
// https://oauth2.googleapis.com/token answers it, so Vertex AI calls can be tested without the network.
import type { ServerResponse } from 'node:http';
import { sendJson } from './http-io';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_LIFETIME_S = 3600;

/** The claims of an accepted assertion, as the test may want to check them. */
export interface IssuedToken {
  accessToken: string;
  /** The signed JWT the client sent (header.payload.signature). */
  assertion: string;
  claims: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decodeClaims(assertion: string): Record<string, unknown> | null {
  const payload = assertion.split('.')[1];
  if (payload === undefined || assertion.split('.').length !== 3) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isRecord(claims) ? claims : null;
  } catch {
    return null;
  }
}

function oauthError(res: ServerResponse, error: string, description: string): void {
  sendJson(res, 400, { error, error_description: description });
}

/** Issues access tokens for well-formed JWT assertions and remembers them for the API routes. */
export class TokenIssuer {
  private readonly issued = new Map<string, IssuedToken>();
  private next = 1;

  /** `POST /token` with a form body `grant_type=…&assertion=…`. */
  handle(res: ServerResponse, rawBody: string): void {
    const form = new URLSearchParams(rawBody);
    if (form.get('grant_type') !== JWT_BEARER) {
      oauthError(res, 'unsupported_grant_type', 'Invalid grant_type: ' + (form.get('grant_type') ?? ''));
      return;
    }
    const assertion = form.get('assertion') ?? '';
    const claims = decodeClaims(assertion);
    if (claims === null || typeof claims.iss !== 'string') {
      oauthError(res, 'invalid_grant', 'Invalid JWT Signature.');
      return;
    }
    const accessToken = `ya29.fake-${this.next++}`;
    this.issued.set(accessToken, { accessToken, assertion, claims });
    sendJson(res, 200, { access_token: accessToken, expires_in: TOKEN_LIFETIME_S, token_type: 'Bearer' });
  }

  /** True when the Authorization header carries a token this issuer handed out. */
  accepts(authorization: string | undefined): boolean {
    const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    return token !== undefined && this.issued.has(token);
  }

  /** Every token issued so far; kept across resets, as a client may cache its token. */
  get all(): readonly IssuedToken[] {
    return [...this.issued.values()];
  }
}
