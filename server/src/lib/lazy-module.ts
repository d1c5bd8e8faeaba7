/**
 * A package loaded at its first use instead of at start: the provider SDKs and the other large packages only
 * some deployments use would otherwise all sit in the heap of an idle server (docs/decisions.md "Idle memory").
 * Types stay static (`import type`); `load()` is awaited before the first client is made, and what is made
 * from the module afterwards can use `loaded()` synchronously.
 */
export interface LazyModule<M> {
  load(): Promise<M>;
  /** The module, once `load()` resolved; throws before (a caller that forgot to load it). */
  loaded(): M;
  /** The module if it was loaded, else undefined: an error of that package cannot exist before. */
  ifLoaded(): M | undefined;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (value) => (module = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    loaded() {
      if (module === undefined) throw new Error('a lazily loaded module was used before it was loaded');
      return module;
    },
    ifLoaded: () => module,
  };
}
