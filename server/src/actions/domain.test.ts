import { describe, expect, it } from 'vitest';
import { decodeDomain, encodeDomain, ENCODED_DOMAIN_LENGTH, splitActionFunctionName } from './domain';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe('encodeDomain / decodeDomain', () => {
  it('writes the dots of a short domain as --- and reads them back', () => {
    expect(encodeDomain('api.x.io')).toBe('api---x---io');
    expect(decodeDomain('api---x---io')).toBe('api.x.io');
    expect(encodeDomain('127.0.0.1')).toBe('127---0---0---1');
    expect(decodeDomain('127---0---0---1')).toBe('127.0.0.1');
  });

  it('gives a longer domain exactly the encoded length, found again among known domains', () => {
    const encoded = encodeDomain('api.weather.example.com');
    expect(encoded).toHaveLength(ENCODED_DOMAIN_LENGTH);
    expect(encoded).toMatch(TOOL_NAME);
    expect(decodeDomain(encoded)).toBeUndefined();
    expect(decodeDomain(encoded, ['other.example.com', 'api.weather.example.com'])).toBe(
      'api.weather.example.com',
    );
  });

  it('does not confuse long domains that share their beginning (LibreChat base64 prefixes did)', () => {
    expect(encodeDomain('api.example.com')).not.toBe(encodeDomain('api.example.org'));
  });

  it('never lets a hyphenated name pass for a dotted one', () => {
    expect(encodeDomain('a---b')).not.toBe(encodeDomain('a.b'));
    expect(encodeDomain('a-b.io')).toBe('a-b---io');
    expect(decodeDomain('a-b---io')).toBe('a-b.io');
  });

  it('is case-insensitive and always valid inside a tool name', () => {
    expect(encodeDomain('API.X.IO')).toBe(encodeDomain('api.x.io'));
    for (const domain of ['localhost:8080', 'ümlaut.de', 'x', 'a_b.c', '[::1]']) {
      expect(`op_action_${encodeDomain(domain)}`).toMatch(TOOL_NAME);
    }
  });

  it('splits a function name at the last delimiter', () => {
    expect(splitActionFunctionName('get_action_items_action_api---x---io')).toEqual({
      operation: 'get_action_items',
      encodedDomain: 'api---x---io',
    });
    expect(splitActionFunctionName('calculator')).toBeUndefined();
  });
});
