import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers for every response. Scripts only from our origin (no inline scripts: the theme
 * pre-paint script is a file); images from `imageSources` only; inline styles are allowed because KaTeX and positioning need them.
 */
export function securityHeaders(serverOrigin: string, imageSources: string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Narrow on purpose (see image-sources.ts): no remote image the administrator did not configure.
        imgSrc: imageSources,
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
