// Rule errors: values with a stable code, the rule they break and a readable message (never exceptions).

import type { RuleError } from './types.ts';

export function ruleError(code: string, rule: string, message: string): RuleError {
  return { code, rule, message };
}
