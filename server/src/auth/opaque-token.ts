import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh tokens and password-reset tokens. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of the token (SHA-256, hex): enough for 256-bit random input. */
export const hashOpaqueToken = (token: string): string => createHash('sha256').update(token).digest('hex');
