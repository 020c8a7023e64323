// Rule errors: values with a stable code, the rule they break and a readable message (never exceptions).

import type { RuleError } from './types.ts';

export function ruleError(code: string, rule: string, message: string): RuleError {
  return { code, rule, message };
}

export type Refusal = { readonly ok: false; readonly error: RuleError };

export const refuse = (code: string, rule: string, message: string): Refusal => ({ ok: false, error: ruleError(code, rule, message) });
