import type { FastifyInstance } from 'fastify';

export interface Hop {
  url: string;
  status: number;
  location: string | undefined;
  body: string;
}

/**
 * A minimal browser for redirect flows: requests to `appOrigin` go to the Fastify app through `inject`,
 * everything else through `fetch`; it keeps each origin's cookies and follows redirects by hand.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly appOrigin: string,
  ) {}

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    this.jar(origin).set(name, value);
  }

  async get(url: string): Promise<Hop> {
    const target = new URL(url);
    const cookie = [...this.jar(target.origin)].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers: Record<string, string> = cookie ? { cookie } : {};
    if (target.origin === this.appOrigin) {
      const response = await this.app.inject({
        method: 'GET',
        url: target.pathname + target.search,
        headers,
      });
      const setCookies = response.headers['set-cookie'];
      this.store(target.origin, Array.isArray(setCookies) ? setCookies : setCookies ? [setCookies] : []);
      const location = response.headers.location;
      return {
        url,
        status: response.statusCode,
        location: typeof location === 'string' ? location : undefined,
        body: response.body,
      };
    }
    const response = await fetch(target, { redirect: 'manual', headers });
    this.store(target.origin, response.headers.getSetCookie());
    return {
      url,
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      body: await response.text(),
    };
  }

  /** Follows redirects from `url` until `stop(nextUrl)` says so (that URL is not requested) or none is left. */
  async follow(url: string, stop: (next: string) => boolean = () => false, maxHops = 20): Promise<Hop[]> {
    const hops: Hop[] = [];
    let current = url;
    for (let i = 0; i < maxHops; i++) {
      const hop = await this.get(current);
      hops.push(hop);
      if (!hop.location) return hops;
      const next = new URL(hop.location, current).toString();
      if (stop(next)) {
        hops.push({ url: next, status: 0, location: undefined, body: '' });
        return hops;
      }
      current = next;
    }
    throw new Error(`more than ${maxHops} redirects from ${url}`);
  }

  private jar(origin: string): Map<string, string> {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  private store(origin: string, setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.jar(origin).delete(name);
      else this.jar(origin).set(name, value);
    }
  }
}
