// SDK clients kept per credentials: building one (options, headers, its fetch wrapper) cost about half a
// millisecond of CPU on every chat request, and a client holds no per-request state.
import type { Credentials } from '../types';

/** Enough for every configured endpoint and the users with keys of their own active at once. */
const DEFAULT_SIZE = 64;

const fetchIds = new WeakMap<object, number>();
let nextFetchId = 1;

/** Every field of the credentials, the fetch function by identity (a user-URL guard's fetch is its own). */
function keyOf(credentials: Credentials): string {
  const { fetch, ...plain } = credentials;
  let fetchId = 0;
  if (fetch) {
    fetchId = fetchIds.get(fetch) ?? nextFetchId++;
    fetchIds.set(fetch, fetchId);
  }
  return `${fetchId}\u0000${JSON.stringify(plain)}`;
}

/** `make`, memoized on the credentials (least recently used clients dropped past `size`). */
export function cachedClients<T>(
  make: (credentials: Credentials) => T,
  size = DEFAULT_SIZE,
): (credentials: Credentials) => T {
  const clients = new Map<string, T>();
  return (credentials) => {
    const key = keyOf(credentials);
    const hit = clients.get(key);
    if (hit !== undefined) {
      clients.delete(key);
      clients.set(key, hit);
      return hit;
    }
    const client = make(credentials);
    clients.set(key, client);
    if (clients.size > size) clients.delete(clients.keys().next().value as string);
    return client;
  };
}
