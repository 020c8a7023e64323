// Protocol 1 only grows. The wire contract as JSON Schema (generated from the zod schemas both sides check with) is
// compared with protocol 1 as release 0.1.0 published it (fixtures/protocol/protocol-1-at-0.1.0.json, generated from
// that release's packages/protocol): no message type, field, enum value or error code it had is gone, none has another
// type, and every field added since is optional — a reader of either release meets the other's messages, and a field
// a newer side adds is one an older side may not send (docs/protocol.md, "Protocol version"). A change that cannot be
// made so raises PROTOCOL, with a new baseline.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../src/constants.ts';
import { protocolJsonSchema, type JsonSchema } from '../src/json-schema.ts';

const baseline = JSON.parse(readFileSync(new URL('../../../fixtures/protocol/protocol-1-at-0.1.0.json', import.meta.url), 'utf8')) as JsonSchema;

type Node = { readonly [key: string]: unknown };

/** The branches of a union, by their `type` constant (a message's, a notice's), or by position when they have none. */
function branches(node: Node): Map<string, Node> | null {
  const list = (node.oneOf ?? node.anyOf) as Node[] | undefined;
  if (!list) return null;
  return new Map(list.map((b, i) => [String(((b.properties as Record<string, Node> | undefined)?.type?.const as string | undefined) ?? `#${i}`), b]));
}

const types = (node: Node): string[] => (node.type === undefined ? [] : Array.isArray(node.type) ? (node.type as string[]) : [node.type as string]);

/** Every way `now` breaks a reader or writer of `then`, at `path`. */
function breaks(then: Node, now: Node, path: string): string[] {
  const found: string[] = [];
  // Optional fields may be written as a union with null or undefined: compare what they hold.
  const thenTypes = types(then);
  const nowTypes = types(now);
  if (thenTypes.length > 0 && nowTypes.length > 0 && !thenTypes.every((t) => nowTypes.includes(t) || (t === 'integer' && nowTypes.includes('number'))))
    found.push(`${path}: was ${thenTypes.join('|')}, is ${nowTypes.join('|')}`);
  if (then.const !== undefined && then.const !== now.const) found.push(`${path}: was the constant ${JSON.stringify(then.const)}, is ${JSON.stringify(now.const)}`);
  if (Array.isArray(then.enum)) {
    const values = new Set((now.enum as unknown[] | undefined) ?? []);
    for (const v of then.enum) if (!values.has(v)) found.push(`${path}: lost the value ${JSON.stringify(v)}`);
  }
  const thenBranches = branches(then);
  if (thenBranches) {
    const nowBranches = branches(now);
    if (!nowBranches) return [...found, `${path}: was a union, is not`];
    for (const [key, branch] of thenBranches) {
      const match = nowBranches.get(key);
      if (match) found.push(...breaks(branch, match, `${path}<${key}>`));
      else found.push(`${path}: lost ${key}`);
    }
    return found;
  }
  const thenProps = then.properties as Record<string, Node> | undefined;
  if (thenProps) {
    const nowProps = (now.properties as Record<string, Node> | undefined) ?? {};
    const thenRequired = new Set((then.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(thenProps)) {
      const match = nowProps[name];
      if (match) found.push(...breaks(prop, match, `${path}.${name}`));
      else found.push(`${path}.${name}: lost`);
    }
    for (const name of (now.required as string[] | undefined) ?? []) if (!thenRequired.has(name)) found.push(`${path}.${name}: added as required (an older side does not send it)`);
  }
  if (then.items && now.items) found.push(...breaks(then.items as Node, now.items as Node, `${path}[]`));
  return found;
}

describe('protocol 1 only grows', () => {
  it('still speaks 1', () => {
    expect(PROTOCOL).toBe(1);
  });

  it('keeps every message, field, type and value of 0.1.0, and adds only what a reader may miss', () => {
    const then = baseline.$defs as Record<string, Node>;
    const now = protocolJsonSchema().$defs as Record<string, Node>;
    const found: string[] = [];
    for (const [name, schema] of Object.entries(then)) {
      const match = now[name];
      if (match) found.push(...breaks(schema, match, name));
      else found.push(`${name}: lost`);
    }
    expect(found).toEqual([]);
  });

  it('finds what breaks it: a field lost, one re-typed, one added as required, a message type lost', () => {
    const then = { oneOf: [{ properties: { type: { const: 'a' }, n: { type: 'integer' }, s: { type: 'string' } }, required: ['type', 'n'] }, { properties: { type: { const: 'b' } } }] };
    const now = { oneOf: [{ properties: { type: { const: 'a' }, n: { type: 'string' }, x: { type: 'string' } }, required: ['type', 'n', 'x'] }] };
    expect(breaks(then, now, 'M')).toEqual(['M<a>.n: was integer, is string', 'M<a>.s: lost', 'M<a>.x: added as required (an older side does not send it)', 'M: lost b']);
  });
});
