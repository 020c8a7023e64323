// Rule errors: values with a stable code, the rule they break and a readable message (never exceptions).

import type { RuleError } from './types.ts';

export function ruleError(code: string, rule: string, message: string): RuleError {
  return { code, rule, message };
}

/** A value as an error message shows it; never throws, whatever a client sent (objects without a primitive
 * form, cycles, big integers). */
export function shown(value: unknown): string {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? typeof value : json.length > 80 ? `${json.slice(0, 77)}...` : json;
  } catch {
    return typeof value;
  }
}
