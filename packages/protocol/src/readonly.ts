/** Received data is never written to: types of messages are deeply readonly, so the engine's readonly
 * values fit them as they are. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
