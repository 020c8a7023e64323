/** Received data is never written to: types of messages are deeply readonly, so the engine's readonly
 * values fit them as they are. Primitives (branded ones included) stay as they are. */
export type DeepReadonly<T> = unknown extends T
  ? T
  : T extends string | number | boolean | bigint | symbol | null | undefined
  ? T
  : T extends (...args: never[]) => unknown
    ? T
    : { readonly [K in keyof T]: DeepReadonly<T[K]> };
