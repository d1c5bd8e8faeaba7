import { randomBytes } from 'node:crypto';
import { SHARE_ID_PATTERN } from '@parley/shared/schemas/share';

/** A new share id: 128 random bits, base64url (22 characters), so ids cannot be guessed or enumerated. */
export const newShareId = (): string => randomBytes(16).toString('base64url');

/** Whether `value` has the shape of a share id (anything else is answered 404 without a query). */
export const isShareId = (value: string): boolean => SHARE_ID_PATTERN.test(value);
