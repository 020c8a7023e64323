// An upgrade for real, and a rollback (README: "Upgrading and rolling back"). Two releases — each a built server
// (apps/server/scripts/build.mjs's main.js) and a built web client (SvelteKit's adapter-node output) — play while
// the processes are replaced one at a time, as an operator does it:
//
//   cluster: PostgreSQL and Redis started here on 127.0.0.1 in temporary folders, three processes of the older
//            release behind health-checking proxies; live tables of all three games, one person each (the rest bots,
//            a rematch when a game ends while the upgrade goes on); each process replaced by the newer release in
//            turn (SIGTERM: it hands its tables over), one rolled back to the older and forward again.
//   sqlite:  one process of the older release on its data directory; stopped, the newer started on the same file
//            and port, then back to the older, and forward again.
//
// and with them a browser tab that opened its table from an older process (it holds the older bundle) and plays its
// seat through the page. Checked: no decision lost or doubled (every acknowledged decision stored once, every
// person's stored decision one it sent), every finished game's record verifies (`<game> verify`), no refusal but
// "try again" ones (`stale-version`, `shutting-down` from a process going away), no page error and no file of the page
// that failed to load (one that failed while the server was down counts only if the page never loaded it after all), and the tab — once a newer process answers it — offers the reload (when its
// bundle can: releases before 0.2.0 cannot) and finishes its game. Figures: each replaced process's hand-over (SIGTERM
// to exit, and the longest a table's person heard nothing meanwhile), the moves stored during the upgrade, errors.
//
// scripts/check-upgrade.sh runs it from the previous release to this one; apps/web/test/e2e/upgrade.test.ts runs it
// scaled down between two builds of this tree, the older one calling itself an earlier release.

import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MESSAGE_EVENT, PROTOCOL, PROTOCOL_QUERY, type TableId, type Token } from '@razzia/protocol';
import { io } from 'socket.io-client';
import { tempFolder } from '../../../server/test/support/cleanup.ts';
import { NodeProcess, Proxy, Upstreams, canonical } from '../../../server/test/support/processes.ts';
import { freePort, startPostgres, startRedis } from '../../../server/test/support/services.ts';
import { postgresMoves, sqliteMoves, type StoredMoves } from '../../../server/test/support/stored-moves.ts';
import { Player, type Decisions } from './player.ts';

/** One release as built: its server and its web client. */
export interface Release {
  /** How the report names it, e.g. "0.1.0 (6ac6785)". */
  readonly label: string;
  /** Its server's main.js. */
  readonly main: string;
  /** Its web client (SvelteKit's adapter-node output: client/, server/, handler.js). */
  readonly web: string;
}

export interface UpgradeOptions {
  readonly older: Release;
  readonly newer: Release;
  readonly scenarios: readonly ('cluster' | 'sqlite')[];
  /** Tables of each game with a person at them (default 1). */
  readonly tablesPerGame?: number;
  /** A browser for the tab holding the older bundle; absent: no tab. */
  readonly browser?: () => Promise<Browser>;
  /** The scenarios with a tab (default: every one, given a browser). */
  readonly tabs?: readonly ('cluster' | 'sqlite')[];
  /** Whether a finished game's record verifies (the CLI's `verify`, or the function it runs). */
  readonly verify: (game: string, record: unknown) => Promise<boolean>;
  /** Moves every live table makes between two steps (default 4). */
  readonly movesPerStep?: number;
  /** Bots' delay before they play, ms (default 80): games last through the steps. */
  readonly botDelayMs?: number;
  readonly log?: (line: string) => void;
}

export interface Step {
  readonly what: string;
  /** SIGTERM to exit: the process handing its tables over (and closing its connections). */
  readonly handOverMs: number;
  /** Until the next release's process answers /healthz. */
  readonly startMs: number;
  /** The longest any table's person heard nothing, from the SIGTERM until every table moved on. */
  readonly longestPauseMs: number;
}

export interface ScenarioReport {
  readonly scenario: 'cluster' | 'sqlite';
  readonly steps: readonly Step[];
  /** Moves stored (decisions and chance, bots' too) from the first step's SIGTERM to the last step's end. */
  readonly movesDuringUpgrade: number;
  /** People's decisions acknowledged meanwhile. */
  readonly decisionsDuringUpgrade: number;
  readonly finishedGames: number;
  readonly verified: number;
  readonly lost: number;
  readonly duplicated: number;
  /** Everything that went wrong: refusals, records that do not verify, page errors, failed loads. */
  readonly errors: readonly string[];
  /** The tab that held the older bundle: whether it was offered the reload (null: its bundle cannot offer one) and
   * finished its game. Absent without a browser. */
  readonly tab?: { readonly offered: boolean | null; readonly finished: boolean; readonly decisions: number };
}

const GAMES = [
  { id: 'razzia', players: 3 },
  { id: 'razzia-dorra', players: 3 },
  { id: 'robbery', players: 3 },
] as const;

/** The longest a wait below may take before it fails saying what it waited for: a limit against a hang only. */
const HANG_MS = 300_000;
/** How a file fails while the only server process is away (restarting): not how a broken or missing file fails.
 * Such a failure counts only if the file never loads afterwards. (SOCKET_NOT_CONNECTED: Chromium reusing a kept-alive
 * connection to the process that had just gone; a fresh-clone run went red on it, 2026-12-01, in SQLite's upgrade.) */
const SERVER_DOWN = /^net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|CONNECTION_CLOSED|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED)$/;

async function until<T>(what: string, probe: () => T | null | undefined | false | Promise<T | null | undefined | false>, state: () => string = () => ''): Promise<T> {
  const end = Date.now() + HANG_MS;
  for (;;) {
    const value = await Promise.resolve(probe()).catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited ${HANG_MS / 1000} s in vain for ${what}${state() ? `: ${state()}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The version name of a web build (its /_app/version.json). */
export function webVersion(web: string): string {
  return (JSON.parse(readFileSync(join(web, 'client', '_app', 'version.json'), 'utf8')) as { version: string }).version;
}

/** Whether a web build's page can offer a reload (0.2.0 and later: lib/components/NewVersion.svelte). */
function offersReload(web: string): boolean {
  const dir = join(web, 'client', '_app', 'immutable');
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some((e) => e.isFile() && e.name.endsWith('.js') && readFileSync(join(e.parentPath, e.name), 'utf8').includes('new-version'));
}

/**
 * A copy of a web build that calls itself `name` (its version.json, and wherever the build wrote its version):
 * the same page, as an earlier release would serve it. The precompressed forms of what changed are dropped, so the
 * copy's own words are what is served.
 */
export function renamedWebBuild(web: string, into: string, name: string): string {
  const from = webVersion(web);
  cpSync(web, into, { recursive: true });
  for (const entry of readdirSync(into, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|json|html)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(from)) continue;
    writeFileSync(file, text.split(from).join(name));
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
  }
  return into;
}

/**
 * What the README asks of an operator upgrading from a release before 0.2.0 (which does not keep its web client's
 * files): copy them into the data directory, where the next release serves them to the tabs opened before.
 */
function keepOlderFiles(release: Release, dataDir: string): void {
  const name = webVersion(release.web);
  const dir = join(dataDir, 'web-releases', name);
  if (existsSync(join(dir, '.complete'))) return;
  cpSync(join(release.web, 'client', '_app', 'immutable'), join(dir, '_app', 'immutable'), { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
  writeFileSync(join(dir, '.complete'), `${Date.now()}\n`);
}

/** A process slot: a fixed port and data directory, run by one release or another over time (a compose service). */
class Slot {
  node: NodeProcess | null = null;
  release: Release | null = null;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Spawn to "running at" of the last start (the rest of `start`'s time is until /healthz answers). */
  listeningMs = 0;

  async start(release: Release): Promise<number> {
    const t0 = performance.now();
    this.node = await NodeProcess.start({ ...this.env, PORT: String(this.port), NODE_ID: this.name, DATA_DIR: this.dataDir, WEB_BUILD_DIR: release.web }, release.main);
    this.listeningMs = performance.now() - t0;
    this.release = release;
    await until(`${this.name} to answer /healthz`, async () => (await fetch(`http://127.0.0.1:${this.port}/healthz`)).ok);
    // A release before 0.2.0 does not keep its web client's files for the tabs it served: the operator does (README).
    keepOlderFiles(release, this.dataDir);
    return performance.now() - t0;
  }

  /** SIGTERM, and the time until it exited. */
  async stop(): Promise<number> {
    const t0 = performance.now();
    await this.node?.stop();
    this.node = null;
    return performance.now() - t0;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}

/** The tab that holds the older bundle: opens its table from an older process, sits, and plays its seat to the end. */
class Tab {
  /** What went wrong in the page: its errors, its files that failed to load (but see `failed`). */
  private readonly problems: string[] = [];
  /** The page's files that failed while the server was down (connection refused, reset), by path: no error once the
   * page has loaded that file after all (it tried again and the player saw it arrive). */
  private readonly failed = new Map<string, string>();
  private readonly loaded = new Set<string>();
  get errors(): string[] {
    return [...this.problems, ...[...this.failed].filter(([path]) => !this.loaded.has(path)).map(([, error]) => error)];
  }
  offered: boolean | null = null;
  finished = false;
  decisions = 0;
  table: TableId | null = null;
  private page!: Page;
  private playing: Promise<void> | null = null;

  constructor(
    private readonly browser: Browser,
    private readonly canOffer: boolean,
  ) {}

  async open(url: string, game: string, players: number, log: (line: string) => void): Promise<void> {
    // The host (this driver) opens it; the tab takes seat 0 through the page, then the host seats bots and starts.
    const res = await fetch(`${url}/api/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'upgrade tab', game, players }) });
    const { table, token } = (await res.json()) as { table: { id: TableId }; token: Token };
    this.table = table.id;
    const context = await this.browser.newContext({ viewport: { width: 1366, height: 850 } });
    context.setDefaultTimeout(HANG_MS);
    this.page = await context.newPage();
    this.page.on('pageerror', (e) => this.problems.push(`page error: ${e.message}`));
    // The page's own files (not the version it polls for, which it asks again later; not the socket, which
    // reconnects): one that fails to load breaks the page.
    const own = (url: string) => {
      const path = new URL(url).pathname;
      return path.startsWith('/_app/') && path !== '/_app/version.json' ? path : null;
    };
    this.page.on('response', (r) => {
      const path = own(r.url());
      if (path && r.status() >= 400) this.problems.push(`${r.status()} for ${path}`);
    });
    this.page.on('requestfinished', (r) => {
      const path = own(r.url());
      // Asked after the fact: if the tab is closed meanwhile (the test ending), there is no answer, and nothing was
      // loaded to count (a fresh-clone run went red on the rejection, 2026-12-01).
      if (path) void r.response().then((res) => res && res.status() < 400 && this.loaded.add(path), () => undefined);
    });
    this.page.on('requestfailed', (r) => {
      const path = own(r.url());
      if (!path) return;
      const error = `failed to load ${path}: ${r.failure()?.errorText}`;
      if (SERVER_DOWN.test(r.failure()?.errorText ?? '')) this.failed.set(path, error);
      else this.problems.push(error);
    });
    await this.page.goto(`${url}/t/${table.id}`);
    await this.page.fill('[data-testid=name]', 'Tab');
    await this.page.click('[data-testid=seat-0] button.primary');
    await this.page.waitForSelector('[data-testid=seat-0] .badge.you');
    const host = io(url, { transports: ['websocket'], auth: { token }, query: { [PROTOCOL_QUERY]: String(PROTOCOL) }, forceNew: true });
    const must = async (m: object) => {
      const r = (await host.timeout(20_000).emitWithAck(MESSAGE_EVENT, m)) as { ok: boolean; error?: unknown };
      if (!r.ok) throw new Error(`${JSON.stringify(m)}: ${JSON.stringify(r.error)}`);
    };
    await new Promise<void>((resolve) => host.once('connect', () => resolve()));
    await must({ type: 'watch', table: table.id });
    for (let seat = 1; seat < players; seat++) await must({ type: 'add-bot', table: table.id, bot: 'greedy', seat });
    await must({ type: 'start', table: table.id });
    host.disconnect();
    log(`  the tab plays ${game} at ${table.id}, its page from ${url}`);
    this.playing = this.play();
  }

  /** Its seat's decisions through the page (the first enabled one), moments moved on from, until the results show. */
  private async play(): Promise<void> {
    const page = this.page;
    for (;;) {
      const state = await page.waitForFunction(
        () => {
          if (document.querySelector('[data-testid=ranking]')) return 'over';
          if (document.querySelector('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]')) return 'moment';
          return document.querySelector('[data-testid=actions] button:not([disabled])') ? 'act' : false;
        },
        null,
        { polling: 50, timeout: HANG_MS },
      );
      const what = (await state.jsonValue()) as 'over' | 'moment' | 'act';
      if (what === 'over') break;
      if (what === 'moment') {
        await page.locator('[data-testid=moment][data-blocking=true] [data-testid=moment-continue]').first().click({ timeout: 10_000 }).catch(() => undefined);
        continue;
      }
      const before = await page.evaluate(() => document.querySelector<HTMLElement>('[data-version]')?.dataset.version ?? null);
      await page.locator('[data-testid=actions] button:not([disabled])').first().click({ timeout: 10_000 }).catch(() => undefined);
      this.decisions++;
      await page
        .waitForFunction(
          (v) => !!document.querySelector('[data-testid=ranking]') || !!document.querySelector('[data-testid=moment][data-blocking=true]') || document.querySelector<HTMLElement>('[data-version]')?.dataset.version !== v,
          before,
          { polling: 30, timeout: 30_000 },
        )
        .catch(() => undefined); // a press on a button a re-render swapped sent nothing: look again
    }
    this.finished = true;
  }

  /** Waits until its game is over and, if its bundle can, the reload is offered. */
  async end(): Promise<void> {
    await this.playing;
    if (this.canOffer) this.offered = await this.page.waitForSelector('[data-testid=new-version]', { timeout: HANG_MS }).then(() => true, () => false);
  }

  async close(): Promise<void> {
    await this.page?.context().close();
  }
}

/** The person's (seat 0) `intent` is stored at `version` or after it (see `audit`). */
function storedFrom(moves: readonly unknown[], version: number, intent: unknown): boolean {
  return moves.some((raw, index) => {
    const move = raw as { seat?: number; action?: unknown; timedOut?: boolean };
    return index >= version && move.seat === 0 && !move.timedOut && canonical(move.action) === canonical(intent);
  });
}

/**
 * Every acknowledged decision of the person (seat 0) is stored, once; every stored decision of seat 0 is one it sent.
 * A decision is stored at the game's version when it is applied, which for a simultaneous choice (Dorra's secret
 * picks) can be later than the version it was sent on (others decided first): matched in order, at or after it.
 */
function audit(moves: readonly unknown[], decisions: Decisions): { lost: number; duplicated: number } {
  const mine = moves
    .map((raw, index) => ({ index, move: raw as { seat?: number; action?: unknown; timedOut?: boolean } }))
    .filter(({ move }) => move.seat === 0 && !move.timedOut)
    .map(({ index, move }) => ({ index, action: canonical(move.action) }));
  let lost = 0;
  const claimed = new Set<number>();
  for (const { version, intent } of decisions.acked) {
    const found = mine.find((m) => m.index >= version && !claimed.has(m.index) && m.action === canonical(intent));
    if (found) claimed.add(found.index);
    else lost++;
  }
  let duplicated = 0;
  const sent = [...decisions.sent.entries()].sort(([a], [b]) => a - b);
  const explained = new Set<number>();
  for (const m of mine) {
    const by = sent.find(([version, intent]) => version <= m.index && !explained.has(version) && canonical(intent) === m.action);
    if (by) explained.add(by[0]);
    else duplicated++;
  }
  return { lost, duplicated };
}

/** The longest any person heard nothing of its table within [from, to] (counting from the update before `from`). */
function longestPause(players: readonly Player[], from: number, to: number): number {
  let longest = 0;
  for (const p of players) {
    const times = p.heard;
    let previous = from;
    for (const t of times) {
      if (t < from) {
        previous = t;
        continue;
      }
      if (t > to) break;
      longest = Math.max(longest, t - previous);
      previous = t;
    }
  }
  return Math.round(longest);
}

async function scenario(kind: 'cluster' | 'sqlite', options: UpgradeOptions): Promise<ScenarioReport> {
  const log = options.log ?? (() => undefined);
  const { older, newer } = options;
  const errors: string[] = [];
  const perGame = options.tablesPerGame ?? 1;
  const env: Record<string, string> = { BOT_DELAY_MS: String(options.botDelayMs ?? 80), LOG_LEVEL: 'warn', CREATE_LIMIT: '100000/100000', CONNECTION_LIMIT: '100000' };
  let stored: StoredMoves;
  const slots: Slot[] = [];
  const closing: (() => Promise<unknown> | void)[] = [];
  if (kind === 'cluster') {
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    closing.push(() => postgres.stop(), () => redis.stop());
    const database = await postgres.database('razzia_upgrade');
    Object.assign(env, { DATABASE_URL: database, REDIS_URL: redis.url, LEASE_MS: '2000' });
    stored = postgresMoves(database);
    for (const name of ['app1', 'app2', 'app3']) slots.push(new Slot(name, await freePort(), tempFolder(`razzia-upgrade-${name}-`), env));
  } else {
    const dataDir = tempFolder('razzia-upgrade-sqlite-');
    stored = sqliteMoves(join(dataDir, 'razzia.sqlite'));
    slots.push(new Slot('sqlite', await freePort(), dataDir, env));
  }
  closing.unshift(() => stored.close());
  const moves = () => stored.count();
  const load = (table: TableId) => stored.of(table);

  const players: Player[] = [];
  const proxies: Proxy[] = [];
  let tab: Tab | null = null;
  let upgrading = true;
  try {
    log(`${kind}: ${slots.length} process${slots.length > 1 ? 'es' : ''} of ${older.label}`);
    await Promise.all(slots.map((s) => s.start(older)));
    // The clients' way in: in a cluster, a health-checking proxy per client preferring one process (what a load
    // balancer does); alone, the process's own port (its clients reconnect there when the next release listens).
    const upstreams = new Upstreams(slots.map((s) => s.port)).check();
    closing.unshift(() => upstreams.stop());
    const entrance = async (i: number): Promise<string> => {
      if (kind === 'sqlite') return (slots[0] as Slot).url;
      const proxy = await Proxy.start(upstreams, i % slots.length);
      proxies.push(proxy);
      return proxy.url;
    };
    let n = 0;
    for (const game of GAMES)
      for (let i = 0; i < perGame; i++) players.push(await Player.open(await entrance(n++), game.id, game.players, () => upgrading));
    if (options.browser && (options.tabs ?? options.scenarios).includes(kind)) {
      tab = new Tab(await options.browser(), offersReload(older.web));
      await tab.open(await entrance(0), 'razzia', 3, log);
    }
    log(`  ${players.length} tables with a person${tab ? ' and one with a browser tab' : ''}, playing`);

    // Every live table makes `movesPerStep` moves (or ends) before the next step: the upgrade happens under play.
    const progress = async (what: string) => {
      const from = new Map(players.map((p) => [p, { table: p.at, version: p.version }]));
      await until(
        `every table to move on after ${what}`,
        () => players.every((p) => p.done || p.at !== from.get(p)?.table || p.version >= (from.get(p)?.version ?? 0) + (options.movesPerStep ?? 4)),
        () => players.map((p) => `${p.at}@${p.version}${p.done ? ' over' : ''}`).join(', '),
      );
    };
    await progress('the start');
    const plan: [number, Release, string][] =
      kind === 'cluster'
        ? [
            [0, newer, `app1 → ${newer.label}`],
            [1, newer, `app2 → ${newer.label}`],
            [2, newer, `app3 → ${newer.label}`],
            [2, older, `app3 back → ${older.label} (rollback)`],
            [2, newer, `app3 → ${newer.label} again`],
          ]
        : [
            [0, newer, `→ ${newer.label} on the same file`],
            [0, older, `back → ${older.label} (rollback)`],
            [0, newer, `→ ${newer.label} again`],
          ];
    const steps: Step[] = [];
    const movesBefore = await moves();
    const ackedBefore = players.reduce((sum, p) => sum + p.games.reduce((s, g) => s + g.acked.length, 0), 0);
    for (const [i, release, what] of plan) {
      const slot = slots[i] as Slot;
      const t0 = performance.now();
      const handOverMs = await slot.stop();
      const startMs = await slot.start(release);
      await progress(what);
      const step = { what, handOverMs: Math.round(handOverMs), startMs: Math.round(startMs), longestPauseMs: longestPause(players, t0, performance.now()) };
      steps.push(step);
      log(`  ${what}: handed over in ${step.handOverMs} ms (SIGTERM to exit), next answered in ${step.startMs} ms (listening after ${Math.round(slot.listeningMs)} ms), longest pause of a table ${step.longestPauseMs} ms`);
    }
    const movesDuringUpgrade = (await moves()) - movesBefore;
    const decisionsDuringUpgrade = players.reduce((sum, p) => sum + p.games.reduce((s, g) => s + g.acked.length, 0), 0) - ackedBefore;
    upgrading = false;
    await until('every game to end', () => players.every((p) => p.done), () => players.filter((p) => !p.done).map((p) => `${p.at}@${p.version}`).join(', '));
    await tab?.end();

    // The audit, against what the store holds.
    let lost = 0;
    let duplicated = 0;
    const finished: { game: string; table: TableId }[] = [];
    for (const [i, p] of players.entries()) {
      const game = GAMES[Math.floor(i / perGame)]?.id as string;
      for (const g of p.games) {
        const moves = await load(g.table);
        const a = audit(moves, g);
        lost += a.lost;
        duplicated += a.duplicated;
        finished.push({ game, table: g.table });
        for (const late of g.afterTheEnd) {
          if (storedFrom(moves, late.version, late.intent)) continue;
          errors.push(`${g.table} act at ${late.version}: ${late.said}, after a try with no answer that is not stored either`);
        }
      }
      errors.push(...p.refusals);
    }
    if (tab?.table) finished.push({ game: 'razzia', table: tab.table });
    let verified = 0;
    for (const { game, table } of finished) {
      const res = await fetch(`${(slots[0] as Slot).url}/api/tables/${table}/record`);
      if (res.status !== 200) {
        errors.push(`the record of ${table} (${game}): ${res.status}`);
        continue;
      }
      if (await options.verify(game, await res.json())) verified++;
      else errors.push(`the record of ${table} (${game}) does not verify`);
    }
    if (tab) errors.push(...tab.errors);
    if (tab && !tab.finished) errors.push('the tab did not finish its game');
    if (tab && tab.offered === false) errors.push('the tab holding the older bundle was not offered the reload');
    if (lost || duplicated) errors.push(`decisions lost ${lost}, doubled ${duplicated}`);
    return {
      scenario: kind,
      steps,
      movesDuringUpgrade,
      decisionsDuringUpgrade,
      finishedGames: finished.length,
      verified,
      lost,
      duplicated,
      errors,
      ...(tab ? { tab: { offered: tab.offered, finished: tab.finished, decisions: tab.decisions } } : {}),
    };
  } finally {
    upgrading = false;
    for (const p of players) p.close();
    for (const proxy of proxies) await proxy.close();
    await tab?.close();
    await Promise.all(slots.map((s) => s.stop()));
    for (const close of closing) await close();
  }
}

/** Runs the scenarios asked for, one after the other. */
export async function checkUpgrade(options: UpgradeOptions): Promise<ScenarioReport[]> {
  const reports: ScenarioReport[] = [];
  for (const kind of options.scenarios) reports.push(await scenario(kind, options));
  return reports;
}

/** The report's lines, as check-upgrade.sh prints them and docs/benchmarks.md keeps them. */
export function describe(reports: readonly ScenarioReport[]): string[] {
  const lines: string[] = [];
  for (const r of reports) {
    const handOver = r.steps.map((s) => s.handOverMs);
    const pauses = r.steps.map((s) => s.longestPauseMs);
    lines.push(
      `${r.scenario}: ${r.steps.length} replacements; hand-over (SIGTERM to exit) ${Math.min(...handOver)}-${Math.max(...handOver)} ms, longest pause of a table ${Math.max(...pauses)} ms; ` +
        `${r.movesDuringUpgrade} moves stored during the upgrade (${r.decisionsDuringUpgrade} people's decisions); ${r.finishedGames} games finished, ${r.verified} records verify; ` +
        `lost ${r.lost}, doubled ${r.duplicated}, errors ${r.errors.length}` +
        (r.tab ? `; the tab: ${r.tab.decisions} decisions, ${r.tab.finished ? 'finished' : 'did not finish'}, reload ${r.tab.offered === null ? 'not checked (its page cannot offer one)' : r.tab.offered ? 'offered' : 'NOT offered'}` : ''),
    );
    for (const e of r.errors.slice(0, 20)) lines.push(`  error: ${e}`);
  }
  return lines;
}
