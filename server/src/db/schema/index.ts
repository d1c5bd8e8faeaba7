// The drizzle schema boundary: drizzle-kit, the client and the repositories import tables from here.
export * from './users';
export * from './sessions';
export * from './password-reset-tokens';
export * from './conversations';
export * from './messages';
export * from './presets';
export * from './user-keys';
export * from './plugin-auths';
export * from './files';
export * from './file-reservations';
export * from './file-chunks';
export * from './balances';
export * from './transactions';
export * from './admin';
export type { JsonObject } from './columns';
export * from './assistants';
export * from './tags';
export * from './shares';
