import { describe, expect, it } from 'vitest';
import { LONGEST_UPSTREAM_MESSAGE, sanitizeUpstreamMessage } from './upstream-message';

describe('sanitizeUpstreamMessage', () => {
  it('keeps a vendor’s short message as it is', () => {
    expect(sanitizeUpstreamMessage('Rate limit reached. Please try again later.')).toBe(
      'Rate limit reached. Please try again later.',
    );
  });

  it('turns an HTML page into its text', () => {
    const page =
      '<html><head><style>body{}</style><script>x()</script></head><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    expect(sanitizeUpstreamMessage(page)).toBe('502 Bad Gateway nginx');
  });

  it('reads the message out of a JSON dump instead of showing the dump', () => {
    expect(sanitizeUpstreamMessage('400 {"detail":"Model llama9 not found","trace":[1,2,3]}')).toBe(
      '400 Model llama9 not found',
    );
    expect(sanitizeUpstreamMessage('{"error":{"message":"bad key","type":"auth"}}')).toBe('bad key');
    expect(sanitizeUpstreamMessage('500 {"internal":{"stack":"at x"}}')).toBe(
      '500 the provider gave no readable reason',
    );
  });

  it('keeps plain text with brackets and reads a dump that was cut short', () => {
    expect(sanitizeUpstreamMessage('Invalid value [foo] for {temperature}')).toBe(
      'Invalid value [foo] for {temperature}',
    );
    expect(sanitizeUpstreamMessage('400 {"message":"too big","blob":"aaaa')).toBe('400 too big');
  });

  it('caps the length and removes control characters', () => {
    const long = sanitizeUpstreamMessage(`boom\u0000\u001b[31m ${'x'.repeat(50_000)}`);
    expect(long.length).toBe(LONGEST_UPSTREAM_MESSAGE);
    expect(long.endsWith('…')).toBe(true);
    // eslint-disable-next-line no-control-regex
    expect(long).not.toMatch(/[\u0000-\u001f]/);
  });
});
