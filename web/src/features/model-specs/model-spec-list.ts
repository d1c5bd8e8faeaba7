import type { ModelSpec, ModelSpecs } from '@parley/shared/schemas/startup-config';

/** The specs in menu order: by `order` (unset last), then as listed. */
export function orderedSpecs(specs: ModelSpecs | undefined): ModelSpec[] {
  const list = specs?.list ?? [];
  return list
    .map((spec, index) => ({ spec, index }))
    .sort((a, b) => (a.spec.order ?? Infinity) - (b.spec.order ?? Infinity) || a.index - b.index)
    .map(({ spec }) => spec);
}

/** SPEC §4: the spec a first load of /c/new starts with: the one marked default, if any. */
export function defaultSpec(specs: ModelSpecs | undefined): ModelSpec | undefined {
  return specs?.list.find((spec) => spec.default === true);
}
