const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Object names are plain: letters, digits, dot, dash, underscore; never `.` or `..`. */
const NAME = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

/** The key of a user's object: `<userId>/<name>`. Throws on anything that could leave the user's folder. */
export function storageKey(userId: string, name: string): string {
  const key = `${userId}/${name}`;
  assertStorageKey(key);
  return key;
}

/** Throws unless `key` is `<lower-case uuid>/<plain name>`. */
export function assertStorageKey(key: string): void {
  const [userId, name, ...rest] = key.split('/');
  if (rest.length > 0 || !userId || !name || !UUID.test(userId) || !NAME.test(name)) {
    throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}
