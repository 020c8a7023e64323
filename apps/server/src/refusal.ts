// A reason the server will not start that is the operator's to fix (a database of a newer release, a data directory
// it may not write, a malformed setting): `main.ts` prints its message as one line and exits 1, without a stack trace.

export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}
