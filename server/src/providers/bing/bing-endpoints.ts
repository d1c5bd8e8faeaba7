// Where Bing Chat lives: conversation create on the Bing host, the ChatHub WebSocket on sydney.bing.com.
// A host override (`BINGAI_HOST`, a proxy or the fake) serves both: `https://h` → `wss://h/sydney/ChatHub`.

export const DEFAULT_BING_HOST = 'https://www.bing.com';
export const DEFAULT_CHATHUB_URL = 'wss://sydney.bing.com/sydney/ChatHub';
const CREATE_PATH = '/turing/conversation/create';
const HUB_PATH = '/sydney/ChatHub';

export interface BingEndpoints {
  createUrl: string;
  hubUrl: string;
}

/** `www.bing.com` or `https://www.bing.com/` → `https://www.bing.com`. */
function normaliseHost(host: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`;
  return withScheme.replace(/\/+$/, '');
}

export function bingEndpoints(host: string | undefined): BingEndpoints {
  if (!host?.trim()) return { createUrl: `${DEFAULT_BING_HOST}${CREATE_PATH}`, hubUrl: DEFAULT_CHATHUB_URL };
  const base = normaliseHost(host.trim());
  return { createUrl: `${base}${CREATE_PATH}`, hubUrl: `${base.replace(/^http/i, 'ws')}${HUB_PATH}` };
}

/** The ChatHub URL carrying the conversation's encrypted signature, as Bing's web client connects. */
export function hubUrlFor(hubUrl: string, encryptedSignature: string | undefined): string {
  if (!encryptedSignature) return hubUrl;
  const url = new URL(hubUrl);
  url.searchParams.set('sec_access_token', encryptedSignature);
  return url.toString();
}
