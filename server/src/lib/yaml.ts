// The `yaml` package, loaded the first time a YAML text is parsed (most starts have no librechat.yaml, and
// actions' specs are checked in a worker), not at start (docs/decisions.md "Idle memory"). The config is read
// synchronously, so this is a `require`, not a dynamic import.
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

let yaml: typeof Yaml | undefined;

export function yamlModule(): typeof Yaml {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yaml;
}
