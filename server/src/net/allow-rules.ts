// The YAML exemptions of the address guard: `host`, `host:port`, `[v6]:port`, IP, CIDR, `*.domain`, each
// optionally with `http://` or `https://` in front.
import ipaddr from 'ipaddr.js';

type HostPattern =
  | { type: 'name'; name: string }
  | { type: 'wildcard'; suffix: string }
  | { type: 'ip'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

export interface AllowRule {
  /** The entry as written in the YAML, for messages. */
  source: string;
  scheme?: 'http' | 'https';
  port?: number;
  host: HostPattern;
}

/** Where one request goes: the URL's scheme, host name (no brackets) and effective port. */
export interface Target {
  scheme: 'http' | 'https';
  hostname: string;
  port: number;
}

/** Parses one YAML entry; throws a one-line Error naming it when it cannot be read. */
export function parseAllowRule(entry: string): AllowRule {
  const source = entry;
  let rest = entry.trim().toLowerCase();
  let scheme: AllowRule['scheme'];
  const schemeMatch = /^([a-z]+):\/\//.exec(rest);
  if (schemeMatch) {
    if (schemeMatch[1] !== 'http' && schemeMatch[1] !== 'https') {
      throw new Error(`"${entry}" must start with http:// or https:// when it names a scheme`);
    }
    scheme = schemeMatch[1];
    rest = rest.slice(schemeMatch[0].length).replace(/\/+$/, '');
  }
  if (rest === '' || /[?#@\s]/.test(rest) || (rest.includes('/') && !isCidr(rest))) {
    throw new Error(`"${entry}" is not a host, host:port, IP range or *.domain`);
  }
  const { host, port } = splitPort(rest, entry);
  return {
    source,
    ...(scheme ? { scheme } : {}),
    ...(port !== undefined ? { port } : {}),
    host: hostPattern(host, entry),
  };
}

function splitPort(text: string, entry: string): { host: string; port?: number } {
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) throw new Error(`"${entry}" has an unclosed [`);
    const after = text.slice(close + 1);
    if (after === '') return { host: text.slice(1, close) };
    if (!after.startsWith(':')) throw new Error(`"${entry}" has text after ]`);
    return { host: text.slice(1, close), port: readPort(after.slice(1), entry) };
  }
  if (ipaddr.isValid(text) || isCidr(text)) return { host: text };
  const colon = text.lastIndexOf(':');
  if (colon < 0) return { host: text };
  return { host: text.slice(0, colon), port: readPort(text.slice(colon + 1), entry) };
}

function readPort(text: string, entry: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new Error(`"${entry}" has an invalid port`);
  return port;
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

function hostPattern(host: string, entry: string): HostPattern {
  if (isCidr(host)) return { type: 'ip', range: ipaddr.parseCIDR(host) };
  if (ipaddr.isValid(host)) {
    const ip = ipaddr.process(host);
    return { type: 'ip', range: [ip, ip.kind() === 'ipv4' ? 32 : 128] };
  }
  if (host.startsWith('*.')) {
    const suffix = host.slice(1);
    if (!isHostName(suffix.slice(1))) throw new Error(`"${entry}" is not a valid *.domain`);
    return { type: 'wildcard', suffix };
  }
  if (!isHostName(host)) throw new Error(`"${entry}" is not a valid host name`);
  return { type: 'name', name: host };
}

function isHostName(text: string): boolean {
  return /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/.test(
    text,
  );
}

/** Whether the rule's scheme and port fit the target (a rule without them fits any). */
function fitsSchemeAndPort(rule: AllowRule, target: Target): boolean {
  return (
    (rule.scheme === undefined || rule.scheme === target.scheme) &&
    (rule.port === undefined || rule.port === target.port)
  );
}

/** Whether the rule names the target's host: by name, by wildcard, or as an IP literal in its range. */
export function matchesByName(rule: AllowRule, target: Target): boolean {
  if (!fitsSchemeAndPort(rule, target)) return false;
  const hostname = target.hostname.toLowerCase().replace(/\.$/, '');
  switch (rule.host.type) {
    case 'name':
      return hostname === rule.host.name.replace(/\.$/, '');
    case 'wildcard':
      return hostname.endsWith(rule.host.suffix.replace(/\.$/, ''));
    case 'ip':
      return ipaddr.isValid(hostname) && inRange(hostname, rule.host.range);
  }
}

/** Whether an IP rule covers `address`, an address the target's host name resolved to. */
export function matchesAddress(rule: AllowRule, target: Target, address: string): boolean {
  return rule.host.type === 'ip' && fitsSchemeAndPort(rule, target) && inRange(address, rule.host.range);
}

function inRange(address: string, range: [ipaddr.IPv4 | ipaddr.IPv6, number]): boolean {
  const ip = ipaddr.process(address);
  return ip.kind() === range[0].kind() && ip.match(range);
}
