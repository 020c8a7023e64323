// Which database schemas a release runs on, so that two adjacent releases share one database during a rolling upgrade
// and a rollback (README: Upgrading). Expand, then contract: a release's schema steps only add what the previous
// release can ignore (a table, a nullable column, an index); what nobody reads any more is dropped a release later.
//
// Each step says the oldest schema level whose code still runs on a database that has it (`compatibleFrom`: the
// level before it for an addition, its own for a step that takes away or changes what older code reads). The process
// that applies steps writes the database's *stamp* in the same transaction — its level, the oldest level (and
// release) that can use it, and who wrote it — into `server_keys` under `schema`. A process then judges a database:
//
//   older than its own level    migrate it up (then stamp it)
//   at its own level            run (and stamp it, if no release did yet: databases of 0.1.0 have no stamp)
//   newer, and the stamp says
//   it runs there               run, leaving schema and stamp alone (the usual case of a rolling upgrade)
//   newer otherwise             refuse to start, in one line naming the release needed (never a stack trace, never a
//                               silent start on a schema it does not know)

import { StartRefused } from '../refusal.ts';

/** A schema step's facts beside its DDL. */
export interface StepFacts {
  /** Its level (SQLite's user_version; the number a PostgreSQL migration's name begins with). */
  readonly level: number;
  /** The release it first came with. */
  readonly since: string;
  /** The oldest level whose code still runs on a database with this step applied (default: the level before). */
  readonly compatibleFrom?: number;
}

/** What the database says of itself (`server_keys` row `schema`, JSON). */
export interface SchemaStamp {
  readonly level: number;
  /** Code of this level or newer runs on the database. */
  readonly compatibleFrom: number;
  /** The first release whose code is at `compatibleFrom` or newer: the oldest release that can run here. */
  readonly oldestRelease: string;
  /** The release that wrote the stamp (the one that migrated the database last). */
  readonly writtenBy: string;
}

export const STAMP_KEY = 'schema';

/** The stamp of a database whose steps are exactly `steps` (in order), written by `release`. */
export function stampOf(steps: readonly StepFacts[], release: string): SchemaStamp {
  const last = steps[steps.length - 1];
  if (!last) throw new Error('a schema has at least one step');
  const compatibleFrom = Math.max(...steps.map((s) => s.compatibleFrom ?? s.level - 1));
  const oldest = steps.find((s) => s.level >= compatibleFrom) ?? last;
  return { level: last.level, compatibleFrom, oldestRelease: oldest.since, writtenBy: release };
}

export function parseStamp(text: string | null | undefined): SchemaStamp | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<SchemaStamp>;
    if (typeof v.level === 'number' && typeof v.compatibleFrom === 'number' && typeof v.oldestRelease === 'string' && typeof v.writtenBy === 'string')
      return v as SchemaStamp;
  } catch {
    // not a stamp: judged as none
  }
  return null;
}

/** How a process stands with a database it found at `found` (0: empty), knowing levels up to `known`. */
export type Judgement = { readonly kind: 'migrate' } | { readonly kind: 'current' } | { readonly kind: 'newer'; readonly stamp: SchemaStamp };

/**
 * Judges a database (see the top of this file). `where` names it in the refusal ("the SQLite database
 * data/razzia.sqlite"); `release` is this process's version. Throws StartRefused when it must not run here.
 */
export function judge(where: string, found: number, known: number, stamp: SchemaStamp | null, release: string): Judgement {
  if (found < known) return { kind: 'migrate' };
  if (found === known) return { kind: 'current' };
  if (!stamp || stamp.level !== found)
    throw new StartRefused(
      `${where} is at schema ${found}, newer than Razzia Online ${release} knows (schema ${known}), and does not say which releases can use it: run the release that migrated it`,
    );
  if (stamp.compatibleFrom > known)
    throw new StartRefused(
      `${where} (schema ${found}, migrated by Razzia Online ${stamp.writtenBy}) needs Razzia Online ${stamp.oldestRelease} or newer; this is ${release} (schema ${known})`,
    );
  return { kind: 'newer', stamp };
}

/** A database's level and what this process knows, for /healthz and /metrics. */
export interface SchemaState {
  /** The database's level. */
  readonly level: number;
  /** The newest level this release knows (and migrates to). */
  readonly known: number;
  /** The oldest level whose code can run on this database (from its stamp). */
  readonly compatibleFrom: number;
}
