import { describe, expect, it } from 'vitest';
import { bingEndpoints, hubUrlFor } from './bing-endpoints';

describe('bingEndpoints', () => {
  it("uses Bing's create route and the sydney ChatHub by default", () => {
    expect(bingEndpoints(undefined)).toEqual({
      createUrl: 'https://www.bing.com/turing/conversation/create',
      hubUrl: 'wss://sydney.bing.com/sydney/ChatHub',
    });
  });

  it('sends both to an overriding host, with or without a scheme', () => {
    expect(bingEndpoints('http://127.0.0.1:4000/')).toEqual({
      createUrl: 'http://127.0.0.1:4000/turing/conversation/create',
      hubUrl: 'ws://127.0.0.1:4000/sydney/ChatHub',
    });
    expect(bingEndpoints('bing.example').hubUrl).toBe('wss://bing.example/sydney/ChatHub');
  });

  it('carries the encrypted signature as sec_access_token', () => {
    expect(hubUrlFor('wss://h.example/sydney/ChatHub', 'a+b/c=')).toBe(
      'wss://h.example/sydney/ChatHub?sec_access_token=a%2Bb%2Fc%3D',
    );
  });
});
