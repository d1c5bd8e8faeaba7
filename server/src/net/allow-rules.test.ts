import { describe, expect, it } from 'vitest';
import { matchesAddress, matchesByName, parseAllowRule, type Target } from './allow-rules';

const target = (hostname: string, port = 443, scheme: Target['scheme'] = 'https'): Target => ({
  scheme,
  hostname,
  port,
});

describe('parseAllowRule', () => {
  it.each([
    'localhost',
    'ollama.internal:11434',
    '10.0.0.5',
    '10.0.0.5:8000',
    '10.0.0.0/8',
    '[fd00::1]:8080',
    'fd00::/8',
    '*.example.com',
    'https://api.example.com:8443',
    'http://*.corp.example',
  ])('reads %s', (entry) => {
    expect(parseAllowRule(entry).source).toBe(entry);
  });

  it.each([
    '',
    'ftp://host',
    'http://host/path?x',
    'user@host',
    'host:99999',
    'host:abc',
    '[fd00::1',
    'bad host',
    '*.',
    '-bad-.com',
  ])('refuses %j with a readable error', (entry) => {
    expect(() => parseAllowRule(entry)).toThrow(/"/);
  });
});

describe('matching', () => {
  it('names a host exactly, with or without a port', () => {
    expect(matchesByName(parseAllowRule('ollama.internal'), target('ollama.internal', 11434, 'http'))).toBe(
      true,
    );
    expect(
      matchesByName(parseAllowRule('ollama.internal:11434'), target('ollama.internal', 11434, 'http')),
    ).toBe(true);
    expect(
      matchesByName(parseAllowRule('ollama.internal:11434'), target('ollama.internal', 8080, 'http')),
    ).toBe(false);
    expect(matchesByName(parseAllowRule('ollama.internal'), target('evil-ollama.internal'))).toBe(false);
  });

  it('matches wildcards on subdomains only', () => {
    const rule = parseAllowRule('*.example.com');
    expect(matchesByName(rule, target('api.example.com'))).toBe(true);
    expect(matchesByName(rule, target('a.b.example.com'))).toBe(true);
    expect(matchesByName(rule, target('example.com'))).toBe(false);
    expect(matchesByName(rule, target('badexample.com'))).toBe(false);
  });

  it('checks the scheme when the rule gives one', () => {
    const rule = parseAllowRule('https://api.example.com');
    expect(matchesByName(rule, target('api.example.com'))).toBe(true);
    expect(matchesByName(rule, target('api.example.com', 80, 'http'))).toBe(false);
  });

  it('matches IP rules against literals and resolved addresses', () => {
    const rule = parseAllowRule('10.0.0.0/8');
    expect(matchesByName(rule, target('10.1.2.3'))).toBe(true);
    expect(matchesByName(rule, target('internal.example'))).toBe(false);
    expect(matchesAddress(rule, target('internal.example'), '10.9.9.9')).toBe(true);
    expect(matchesAddress(rule, target('internal.example'), '11.0.0.1')).toBe(false);
    expect(matchesAddress(parseAllowRule('[fd00::1]:8080'), target('x', 8080), 'fd00::1')).toBe(true);
    expect(matchesAddress(parseAllowRule('[fd00::1]:8080'), target('x', 8081), 'fd00::1')).toBe(false);
  });
});
