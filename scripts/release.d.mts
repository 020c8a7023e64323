export interface Release {
  /** The product's semver (root package.json). */
  readonly version: string;
  /** The commit built (40 hex digits), or 'unknown'. */
  readonly commit: string;
  /** `<version>+<short commit>`: the web client's `kit.version.name`, compared by open tabs. */
  readonly name: string;
}
export function release(): Release;
