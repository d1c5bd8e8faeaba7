import type { z } from 'zod';

/** A configuration problem; its message is one line that names the key and says why. */
export class ConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConfigError';
  }
}

/** `['endpoints', 'custom', 0, 'name']` → `endpoints.custom[0].name`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    const name = String(key);
    return out === '' ? name : `${out}.${name}`;
  }, '');
}

/** The first issue of a zod error as `key: problem` (or just the problem at the root). */
export function describeFirstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid value';
  const path = formatIssuePath(issue.path);
  const problem = describeIssue(issue);
  return path === '' ? problem : `${path}: ${problem}`;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
  }
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) {
    return 'is required';
  }
  return issue.message;
}
