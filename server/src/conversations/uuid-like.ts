/** zod's `z.guid()` pattern, compiled once: it is checked several times for every saved message. */
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Any 8-4-4-4-12 hex id PostgreSQL's uuid type accepts; anything else cannot name a row. */
export const isUuidLike = (value: string): boolean => GUID.test(value);
