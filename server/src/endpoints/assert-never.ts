/** For exhaustive switches: a new variant that is not handled is a compile error here. */
export function assertNever(value: never): never {
  throw new Error(`unexpected variant: ${JSON.stringify(value)}`);
}
