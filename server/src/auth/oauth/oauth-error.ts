/** A provider answered something unusable (token exchange, profile); keeps the underlying cause. */
export class OAuthProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OAuthProviderError';
  }
}
