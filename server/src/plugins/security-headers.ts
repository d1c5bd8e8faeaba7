import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers for every response. Scripts only from our origin (no inline scripts: the theme
 * pre-paint script is a file); inline styles are allowed because KaTeX and positioning need them.
 */
export function securityHeaders(serverOrigin: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something, and only is safe to pin, when the server is reached over https.
    strictTransportSecurity: serverOrigin.startsWith('https:') ? { maxAge: 31_536_000 } : false,
  };
}
