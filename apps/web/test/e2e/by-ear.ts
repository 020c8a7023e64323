// A player who cannot see, for the "by ear" tests of every game: what a screen reader would say of a page, and a
// player who knows only that and the keyboard. They open a table from the home page, take a seat, add bots and start;
// then at each decision they read the choices from the accessibility tree (Chrome's, through the DevTools
// protocol's Accessibility domain: roles, names, which one has the focus), choose among them by name, and move there with the arrow keys and Enter. No CSS
// selector, no test id, no mouse: the page is met as a screen reader meets it.
//
// The ear (`installEar`): a screen reader hears a live region's additions (or, for an atomic one, its whole text),
// and the name of a dialog the keyboard lands in. A script in the page records exactly that, from its first moment,
// for every live region on the page (not only the table's own), so a test can say what was heard, in what order,
// and how many times.
//
// The log's truth (`followLog`): the seat's own log, followed over a socket with the seat's token (what the server
// sends that seat), so a test can check that each entry the player may see was heard once, in order.

import { MESSAGE_EVENT } from '@razzia/protocol/constants';
import type { LogEntry, TableInfo } from '@razzia/protocol/table';
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { expect } from 'vitest';
import { levelWords } from '../../src/lib/table/level-words.ts';
import { earWords } from '../../src/lib/ear/words.ts';
import { earSaid } from '../../src/lib/ear/said.ts';
import { LOCALES, loadChrome, translate, type Dictionaries, type Locale, type MessageKey, type Translate } from '../../src/lib/i18n/index.ts';
import { describeEntry } from '../../src/lib/table/describe.ts';
import { DESKTOP, HANG_MS, type E2E } from './support.ts';
import { keysTo, type Decision } from './keys-to.ts';

export { keysTo, type Decision };

/** One thing the page said: an addition to a live region, or the name of a dialog the keyboard landed in. */
export type Heard =
  | { readonly kind: 'live'; readonly politeness: 'polite' | 'assertive'; readonly region: string; readonly text: string }
  | { readonly kind: 'dialog'; readonly name: string };

/** The screen reader's part, run in the page before any of its own scripts. */
function recorder() {
  const heard: unknown[] = [];
  (window as unknown as { heardByEar: unknown[] }).heardByEar = heard;
  const root = (node: Node): Element | null => {
    for (let el = node.nodeType === 1 ? (node as Element) : node.parentElement; el; el = el.parentElement) {
      const live = el.getAttribute('aria-live');
      if (live === 'off') return null;
      const role = el.getAttribute('role');
      if (live === 'polite' || live === 'assertive' || role === 'log' || role === 'status' || role === 'alert') return el;
    }
    return null;
  };
  const atomic = (el: Element) => {
    const a = el.getAttribute('aria-atomic');
    return a === 'true' || (a !== 'false' && ['status', 'alert'].includes(el.getAttribute('role') ?? ''));
  };
  // Hidden regions say nothing (asked only of a live region that changed: a style read costs a layout).
  const hidden = (el: Element) => !!el.closest('[aria-hidden=true], [hidden]') || !el.checkVisibility({ visibilityProperty: true });
  const say = (el: Element, text: string) => {
    const words = text.replace(/\s+/g, ' ').trim();
    if (!words) return;
    const live = el.getAttribute('aria-live');
    const politeness = live === 'assertive' || (!live && el.getAttribute('role') === 'alert') ? 'assertive' : 'polite';
    heard.push({ kind: 'live', politeness, region: el.getAttribute('aria-label') ?? el.getAttribute('role') ?? '', text: words });
  };
  const start = () =>
    new MutationObserver((mutations) => {
      const whole = new Set<Element>();
      for (const m of mutations) {
        const region = root(m.target);
        if (!region || hidden(region)) continue;
        if (atomic(region)) {
          if (!whole.has(region)) whole.add(region), say(region, region.textContent ?? '');
          continue;
        }
        if (m.type === 'characterData') say(region, (m.target as CharacterData).data);
        // A region that comes with the addition is new, not changed: screen readers say nothing of it.
        else for (const node of m.addedNodes) if (!node.contains(region)) say(region, node.textContent ?? '');
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  start();
  let inDialog: Element | null = null;
  document.addEventListener('focusin', (event) => {
    const dialog = (event.target as Element).closest?.('dialog[open], [role=dialog], [role=alertdialog]') ?? null;
    if (dialog && dialog !== inDialog) {
      const by = dialog.getAttribute('aria-labelledby');
      const name = (by ? document.getElementById(by)?.textContent : dialog.getAttribute('aria-label')) ?? '';
      heard.push({ kind: 'dialog', name: name.replace(/\s+/g, ' ').trim() });
    }
    inDialog = dialog;
  });
}

/** Listens to the page as a screen reader would, from its next load on. */
export class Ear {
  /** Everything heard, in order (across the pages this tab has loaded). */
  readonly heard: Heard[] = [];
  /** How much of the present document's record has been read. */
  private read = 0;

  private constructor(readonly page: Page) {}

  /** Loads `url` in the tab: a new document, whose record starts empty. */
  async goto(url: string): Promise<void> {
    await this.page.goto(url);
    this.read = 0;
  }

  static async on(page: Page): Promise<Ear> {
    await page.addInitScript(recorder);
    return new Ear(page);
  }

  /** Waits until the page says something new (a limit against a hang only), and returns what it said since. */
  async next(timeout = HANG_MS): Promise<Heard[]> {
    const from = this.read;
    await this.page
      .waitForFunction((n) => (window as unknown as { heardByEar?: unknown[] }).heardByEar!.length > n, from, { timeout, polling: 100 })
      .catch((e: Error) => {
        throw new Error(`the page said nothing new for ${timeout / 1000} s; last heard: ${JSON.stringify(this.heard.slice(-5))}: ${e.message}`);
      });
    const fresh = (await this.page.evaluate((n) => (window as unknown as { heardByEar: Heard[] }).heardByEar.slice(n), from)) as Heard[];
    this.read += fresh.length;
    this.heard.push(...fresh);
    return fresh;
  }

  /** Presses a key that reads the table, and returns the answer (the next addition to the answers' region). */
  async ask(key: string, answers: readonly string[]): Promise<string> {
    await this.page.keyboard.press(key);
    for (;;) {
      const answer = (await this.next()).find((h) => h.kind === 'live' && answers.includes(h.region));
      if (answer?.kind === 'live') return answer.text;
    }
  }
}

// ── The accessibility tree, as the browser gives it to assistive technology ────────────────────────────────

const CHOICE_ROLES = new Set(['button', 'radio', 'checkbox']);


type AxValue = { value?: unknown };
interface CdpAxNode {
  nodeId: string;
  ignored: boolean;
  role?: AxValue;
  name?: AxValue;
  parentId?: string;
  backendDOMNodeId?: number;
  properties?: { name: string; value: AxValue }[];
}

/**
 * Reads the decision the focus is in, from the browser's accessibility tree (Chrome's DevTools protocol, as a screen
 * reader reads it): the focused node, the nearest group around it, every enabled choice in that group and the list
 * item (row) each is in. Null while the focus is not on a choice in a group.
 */
export async function readDecision(page: Page, cdp: CDPSession): Promise<Decision | null> {
  const focused = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
  const objectId = focused.result.objectId;
  if (!objectId) return null;
  const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: true })) as unknown as { nodes: CdpAxNode[] };
  void cdp.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  const self = nodes.find((n) => n.properties?.some((p) => p.name === 'focused' && p.value.value === true));
  if (!self || !CHOICE_ROLES.has(String(self.role?.value))) return null;
  let group: CdpAxNode | undefined = self;
  while (group && !['group', 'radiogroup'].includes(String(group.role?.value))) group = group.parentId ? byId.get(group.parentId) : undefined;
  if (!group?.backendDOMNodeId) return null;
  const query = async (role: string, under = group!.backendDOMNodeId!) =>
    ((await cdp.send('Accessibility.queryAXTree', { backendNodeId: under, role })) as unknown as { nodes: CdpAxNode[] }).nodes.filter((n) => !n.ignored);
  const enabled = (n: CdpAxNode) => !n.properties?.some((p) => p.name === 'disabled' && p.value.value === true);
  const all = (await Promise.all(['button', 'radio', 'checkbox'].map((r) => query(r)))).flat().filter(enabled);
  // In the page's order: the DOM's, which the queries keep per role.
  const order = (await cdp.send('Accessibility.queryAXTree', { backendNodeId: group.backendDOMNodeId })) as unknown as { nodes: CdpAxNode[] };
  const position = new Map(order.nodes.map((n, i) => [n.backendDOMNodeId, i]));
  all.sort((a, b) => (position.get(a.backendDOMNodeId) ?? 0) - (position.get(b.backendDOMNodeId) ?? 0));
  const rows = await query('listitem');
  const rowOf = new Map<number | undefined, number>();
  for (const [r, item] of rows.entries()) for (const c of (await Promise.all(['button', 'radio'].map((role) => query(role, item.backendDOMNodeId!)))).flat()) rowOf.set(c.backendDOMNodeId, r);
  const at = all.findIndex((n) => n.backendDOMNodeId === self.backendDOMNodeId);
  if (at < 0) return null;
  const rowIndex = [...new Set(all.map((n) => rowOf.get(n.backendDOMNodeId) ?? -1))];
  return {
    group: String(group.name?.value ?? ''),
    choices: all.map((n) => {
      const shortcut = n.properties?.find((p) => p.name === 'keyshortcuts')?.value.value;
      return { name: String(n.name?.value ?? ''), role: String(n.role?.value), row: rowIndex.indexOf(rowOf.get(n.backendDOMNodeId) ?? -1), ...(shortcut ? { shortcut: String(shortcut) } : {}) };
    }),
    at,
  };
}

/** Where the keyboard is, as the accessibility tree says it: the focused node's role and name; null when it is on
 * the page's body (or nowhere). */
export async function focusedNode(cdp: CDPSession): Promise<{ role: string; name: string; html: string } | null> {
  const body = await cdp.send('Runtime.evaluate', { expression: '!document.activeElement || document.activeElement === document.body', returnByValue: true });
  if (body.result.value === true) return null;
  const focused = await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' });
  const objectId = focused.result.objectId;
  if (!objectId) return null;
  // The focused element's own node (the tree may not have marked it focused yet).
  const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { objectId, fetchRelatives: false })) as unknown as { nodes: CdpAxNode[] };
  const tag = await cdp.send('Runtime.callFunctionOn', { objectId, functionDeclaration: 'function () { return this.outerHTML.slice(0, 160); }', returnByValue: true });
  void cdp.send('Runtime.releaseObject', { objectId }).catch(() => undefined);
  const self = nodes[0];
  return { role: String(self?.role?.value ?? ''), name: String(self?.name?.value ?? ''), html: String(tag.result.value) };
}

/** After a decision is sent, or a moment left: the keyboard is on a decision's choice or at the table's home (a group
 * named by what the table is at), never on the page's body. */
async function expectSensibleFocus(page: Page, cdp: CDPSession, after: string): Promise<void> {
  const sensible = (at: Awaited<ReturnType<typeof focusedNode>>) => !!at && ['group', 'button', 'radio', 'checkbox', 'heading', 'dialog'].includes(at.role) && !!at.name;
  let at: Awaited<ReturnType<typeof focusedNode>> = null;
  // What the tree says catches up with the page's focus (and a game's end brings its results' heading).
  const ok = await expect
    .poll(async () => sensible((at = await focusedNode(cdp))), { timeout: HANG_MS })
    .toBe(true)
    .then(
      () => true,
      () => false,
    );
  if (ok) return;
  const seen = at as Awaited<ReturnType<typeof focusedNode>>;
  throw new Error(`after ${after} the keyboard is ${seen ? `on a ${seen.role} "${seen.name}" (${seen.html})` : 'on the page\'s body'}; the page reads:\n${(await page.getByRole('main').ariaSnapshot()).slice(0, 3000)}`);
}

/** Waits until the keyboard is on a choice of a decision (it lands there when the decision opens). */
export async function decisionAtFocus(page: Page, cdp: CDPSession, timeout = HANG_MS): Promise<Decision> {
  let decision: Decision | null = null;
  await expect
    .poll(async () => (decision = await readDecision(page, cdp)), { timeout, message: 'a decision has the keyboard' })
    .not.toBeNull()
    .catch(async (e: Error) => {
      throw new Error(`${e.message}; the page reads:\n${(await page.getByRole('main').ariaSnapshot()).slice(0, 4000)}`);
    });
  return decision!;
}

/** Moves to a choice by keys and presses Enter on it, checking by ear that the keyboard is where it should be. Returns
 * the number of keys pressed. */
export async function choose(page: Page, cdp: CDPSession, decision: Decision, target: number): Promise<number> {
  const keys = keysTo(decision, target);
  for (const key of keys) await page.keyboard.press(key);
  if (keys.length > 0) {
    const now = await readDecision(page, cdp);
    expect(now?.choices[now.at]?.name, `the keys ${keys.join(' ')} lead to "${decision.choices[target]!.name}"`).toBe(decision.choices[target]!.name);
  }
  await page.keyboard.press('Enter');
  return keys.length + 1;
}

// ── The table before the game, by keyboard ────────────────────────────────────────────────────────────────────

/** A name as a screen reader may hear it: these words, spaced as they may be (a visually hidden part is its own
 * run of text). */
export function words(name: string): RegExp {
  return new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+|(?=:)/g, '\\s*')}$`);
}

/** Focuses a control found by role and name, as Tab would (no pointer), and presses a key on it. */
export async function press(locator: Locator, key = 'Enter'): Promise<void> {
  await locator.focus({ timeout: HANG_MS }).catch(async (e: Error) => {
    throw new Error(`${e.message}\nthe page reads:\n${(await locator.page().getByRole('main').ariaSnapshot()).slice(0, 5000)}`);
  });
  await locator.press(key);
}

/** Types into a text field found by role and name. */
export async function type(locator: Locator, text: string): Promise<void> {
  await locator.focus();
  await locator.press('ControlOrMeta+a');
  await locator.pressSequentially(text);
}

// ── The log as the server tells it to the seat ────────────────────────────────────────────────────────────────

/** The seat's token, as this browser keeps it (what the page presents to the server). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const state = await context.storageState();
  for (const origin of state.origins) for (const item of origin.localStorage) if (item.name === 'razzia.token') return item.value;
  throw new Error('no seat token in this browser');
}

/** Follows a table's log as the seat of this token gets it, entry by entry, until `stop`. */
export function followLog(url: string, table: string, token: string): { readonly log: Map<number, LogEntry>; names(): readonly string[]; stop(): void } {
  const log = new Map<number, LogEntry>();
  let info: TableInfo | null = null;
  const socket = io(url, { auth: { token }, transports: ['websocket'] });
  socket.on('connect', () => void socket.emit(MESSAGE_EVENT, { type: 'watch', table }, () => undefined));
  socket.on(MESSAGE_EVENT, (message: { type: string; snapshot?: { table: TableInfo; log: LogEntry[] }; entries?: LogEntry[]; info?: TableInfo }) => {
    // A snapshot on (re)connecting holds what the seat had; what it holds already stays as it was heard live.
    const entries = message.type === 'snapshot' ? (message.snapshot?.log ?? []) : message.type === 'update' ? (message.entries ?? []) : [];
    for (const e of entries) if (!log.has(e.seq)) log.set(e.seq, e);
    if (message.snapshot) info = message.snapshot.table;
    if (message.info) info = message.info;
  });
  return {
    log,
    names: () => info?.seats.map((s) => s.occupant?.name ?? '') ?? [],
    stop: () => void socket.disconnect(),
  };
}

/** A spectator (no seat, no token) says a line at a table, and leaves. */
export async function say(url: string, table: string, line: { readonly name: string; readonly text: string }): Promise<void> {
  const socket = io(url, { transports: ['websocket'] });
  try {
    const ask = (message: object) => socket.timeout(30_000).emitWithAck(MESSAGE_EVENT, message) as Promise<{ ok: boolean }>;
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    expect((await ask({ type: 'watch', table })).ok).toBe(true);
    expect((await ask({ type: 'say', table, text: line.text, name: line.name })).ok).toBe(true);
  } finally {
    socket.disconnect();
  }
}

/**
 * Every entry's words (in either of two languages: the player switched once) heard once, in order, in what the ear
 * heard of the game (the events' and the decisions' regions). Returns the entries matched.
 */
export function expectHeardInOrder(heard: readonly string[], lines: readonly (readonly string[])[]): number {
  const all = ` ${heard.join(' ')}`;
  // A line is heard as a sentence of its own (lib/ear/speech.ts joins lines so): " Greedy bot passed."
  const sentence = (line: string) => ` ${/[.!?…:]$/.test(line) ? line : `${line}.`}`;
  const forms = lines.map((f) => [...new Set(f.map(sentence))]);
  let from = 0;
  let rest = '';
  for (const [i, each] of forms.entries()) {
    const found = each.map((f) => ({ f, at: all.indexOf(f, from) })).filter((x) => x.at >= 0).sort((a, b) => a.at - b.at)[0];
    if (!found) throw new Error(`entry ${i + 1} of ${lines.length} ("${each.join('" / "')}") was not heard after what came before it; heard from there: "${all.slice(from, from + 800)}"`);
    rest += `${all.slice(from, found.at)} `;
    from = found.at + found.f.length;
  }
  rest += all.slice(from);
  // Nothing heard twice: no entry's words in what is left once each was matched.
  const twice = [...new Set(forms.flat())].filter((f) => rest.includes(f));
  expect(twice, 'entries heard more than once').toEqual([]);
  return lines.length;
}

/** The p50 and the largest of some figures. */
export function spread(values: readonly number[]): { p50: number; max: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0, max: sorted.at(-1) ?? 0, n: sorted.length };
}

// ── A whole game by ear ───────────────────────────────────────────────────────────────────────────────────────

/** The words of a page's language, as its dictionaries have them (the chrome's and the game's). */
export type Words = Translate;

/** A template's words before its first placeholder: "Bid cheque " of "Bid cheque {cheque} for {prize}". */
export const lead = (t: Words, key: MessageKey): string => t(key).split('{')[0]!;

/** The first whole number in some words after a given start, or null. */
export const numberAfter = (text: string, start = ''): number | null => {
  const at = start ? text.indexOf(start) : 0;
  if (at < 0) return null;
  const m = /\d+/.exec(text.slice(at + start.length));
  return m ? Number(m[0]) : null;
};

/** What the player decides at a turn: the index of a choice, read by name (the turn's words are what was said). */
export type Policy = (decision: Decision, said: string, t: Words) => number;

export interface ByEar {
  readonly game: string;
  /** The game's radio on the home page: its name starts so. */
  readonly gameRadio: RegExp;
  readonly players: number;
  /** The game's own words in every language (its table's and its ear's), and how it words its log. */
  readonly dictionaries: readonly Dictionaries[];
  readonly describe: (entry: LogEntry, names: readonly string[], t: Translate) => string | null;
  readonly policy: Policy;
  /** After a choice that is one step of a decision (a card chosen, then laid): the next step, from the choice's name
   * (its choice among the decision's, read again), or null when the decision is made. */
  readonly then?: (chosen: string, t: Words) => Policy | null;
  /** The language the page opens in (the browser's), and the one the player switches to once, at their
   * `switchAt`-th decision. */
  readonly start: Locale;
  readonly switchTo: Locale;
  readonly switchAt: number;
  /** At this decision the player opens the table in a second tab set to say only their turn (the keys' help's
   * setting), until their second turn after: that tab says each turn and nothing of the events between, which this
   * tab says. */
  readonly quietAt?: number;
  /** Keys asked at some decisions (each answer must say something). */
  readonly keys?: readonly string[];
  /** A spectator says this in the chat once the (first) game has started: the player hears it once. */
  readonly chatter?: { readonly name: string; readonly text: string };
  /** What the test needs the games to bring about, when one game may not (a deal for this seat): the player plays
   * another game, from the home page, until `done` holds (at most MAX_GAMES games; `reason` says what is missing). */
  readonly playOnUntil?: { readonly reason: string; done(so: { readonly leftHolding: number }): boolean };
}

/** The most games a by-ear test plays to bring about what it needs (`playOnUntil`): a limit against a hang only. */
const MAX_GAMES = 8;

export interface ByEarFigures {
  readonly games: number;
  readonly decisions: number;
  readonly entries: number;
  /** What the player heard of the game (its events' and decisions' regions): utterances. */
  readonly utterances: number;
  readonly keysPerDecision: { p50: number; max: number; n: number };
  readonly utterancesBetweenDecisions: { p50: number; max: number; n: number };
  readonly moments: number;
  /** Moments in the page holding a decision of this seat (a deal to propose or answer) that Escape left for the
   * table's home, the decision kept open (D brought the keyboard back to it). */
  readonly leftHolding: number;
  readonly answers: number;
  readonly wallSeconds: number;
  /** This test's process (the test and the server it started) and the page's renderer (its main thread's tasks). */
  readonly cpuSeconds: { readonly node: number; readonly page: number };
}

interface QuietTab {
  /** Waits until the tab has said `turn` (this tab's turn, in the same words), and checks it said nothing of the
   * events meanwhile (`events`: what this tab said of them since the other opened). Closes it. */
  check(turn: string, events: number): Promise<void>;
}

/** The same player's table in a second tab, where the keys' help (by keyboard) sets what it says to their turn only. */
async function quietTab(page: Page, words: readonly Words[]): Promise<QuietTab> {
  const tab = await page.context().newPage();
  await Ear.on(tab);
  await tab.goto(page.url());
  const either = (key: MessageKey) => new RegExp(`^(${words.map((t) => t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
  await press(tab.getByRole('button', { name: either('ear.help') }));
  await press(tab.getByRole('radio', { name: either('earHelp.level.turn') }), 'Space');
  await tab.keyboard.press('Escape');
  await tab.getByRole('dialog', { name: either('earHelp.title') }).waitFor({ state: 'detached' });
  const heard = () => tab.evaluate(() => (window as unknown as { heardByEar: Heard[] }).heardByEar.slice());
  const from = (await heard()).length;
  const answers = words.map((t) => t('ear.answers'));
  return {
    async check(turn, events) {
      await tab
        .waitForFunction(([n, text]) => (window as unknown as { heardByEar: Heard[] }).heardByEar.slice(n).some((h) => h.kind === 'live' && h.text === text), [from, turn] as const, { timeout: HANG_MS, polling: 100 })
        .catch(async (e: Error) => {
          throw new Error(`the quiet tab never said "${turn}": it said ${JSON.stringify((await heard()).slice(from))}: ${e.message}`);
        });
      const said = (await heard()).slice(from).filter((h) => h.kind === 'live' && !answers.includes(h.region));
      expect(events, 'the events this tab heard meanwhile').toBeGreaterThan(0);
      expect(said.filter((h) => h.kind === 'live' && h.politeness !== 'assertive'), 'only the turn, in the tab that says only the turn').toEqual([]);
      expect(said.length).toBeGreaterThanOrEqual(1);
      // Set back (the setting is this browser's): the keys' help again.
      await press(tab.getByRole('button', { name: either('ear.help') }));
      await press(tab.getByRole('radio', { name: either('earHelp.level.all') }), 'Space');
      await tab.close();
    },
  };
}

/** One person plays a whole game by ear and keyboard against bots (more, until `playOnUntil` holds); checks what they
 * heard; returns the figures, over every game played. */
export async function playByEar(e2e: E2E, options: ByEar): Promise<ByEarFigures> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all([loadChrome(options.start), loadChrome(options.switchTo)]);
  const wordsIn = (locale: Locale): Words => (key, params) => translate(locale, key, params, [...options.dictionaries, levelWords, earWords, earSaid]);
  let t = wordsIn(options.start);
  const answersRegion = [wordsIn(options.start)('ear.answers'), wordsIn(options.switchTo)('ear.answers')];

  // Reduced motion: nothing to see is waited for (a screen reader's user may ask for it; the suite's time asks for it).
  const page = await e2e.newPage(DESKTOP, { context: { locale: { en: 'en-GB', nl: 'nl-NL', es: 'es-ES' }[options.start], reducedMotion: 'reduce' } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const ear = await Ear.on(page);

  // Over every game: the keys of each decision, the utterances between two, what else was counted.
  const keys: number[] = [];
  const between: number[] = [];
  let utterances = 0;
  let since = 0;
  let moments = 0;
  let answers = 0;
  let leftHolding = 0;
  let entries = 0;
  let games = 0;
  let quiet: QuietTab | null = null;
  let quietChecked = false;
  let heardSinceQuiet = 0;
  const events = (h: Heard) => h.kind === 'live' && !answersRegion.includes(h.region);

  /** One game, from the home page to its results, and the check that the seat's log was heard once, in order. */
  const playOne = async () => {
    // The home page: the way to the guide on playing by ear; the game, the players, a name; open.
    await ear.goto(e2e.url);
    const heardFrom = ear.heard.length;
    const guide = page.getByRole('link', { name: t('ear.guide') });
    await guide.waitFor();
    await press(page.getByRole('radio', { name: options.gameRadio }), 'Space');
    await press(page.getByRole('radio', { name: String(options.players), exact: true }), 'Space');
    await type(page.getByRole('textbox', { name: t('home.create.name') }), 'By ear');
    await press(page.getByRole('button', { name: t('home.create.submit') }));
    await page.waitForURL(/\/t\/[A-Za-z0-9_-]{22}$/);
    const table = new URL(page.url()).pathname.split('/').at(-1)!;

    // The table: a name, the first seat, bots in the others, start.
    await type(page.getByRole('textbox', { name: t('table.yourName') }), 'Ada');
    await press(page.getByRole('button', { name: words(`${t('table.takeSeat')}: ${t('table.seat', { n: 1 })}`) }));
    await page.getByRole('button', { name: t('table.leave') }).waitFor();
    const follow = followLog(e2e.url, table, await tokenOf(page.context()));
    try {
      for (let seat = 2; seat <= options.players; seat++) {
        const add = page.getByRole('button', { name: words(`+ ${t('table.addBot')}: ${t('table.seat', { n: seat })}`) });
        await press(add);
        await press(page.getByRole('button', { name: new RegExp(`^${t('bot.greedy.name')}`) }));
        await add.waitFor({ state: 'detached' });
      }
      await press(page.getByRole('button', { name: t('table.start') }));
      if (options.chatter && games === 0) await say(e2e.url, table, options.chatter);

      // The game: whatever the page says, until the results.
      for (;;) {
        const fresh = await ear.next();
        for (const h of fresh) if (events(h)) (utterances++, since++, heardSinceQuiet++);
        // A moment says what it is; Escape leaves it (it may have closed by itself meanwhile). A decision said before
        // it is said again when it closes; one said after it (it closed by itself) is this batch's to take.
        const lastMoment = fresh.findLastIndex((h) => h.kind === 'dialog');
        for (const h of fresh) if (h.kind === 'dialog') (expect(h.name.length).toBeGreaterThan(0), moments++);
        // A moment in the page that holds this seat's decision (a deal to propose or answer): Escape leaves it for the
        // table's home, the decision still open; D brings the keyboard back to it.
        let held = false;
        if (lastMoment >= 0) {
          held = (await readDecision(page, cdp)) !== null;
          await page.keyboard.press('Escape');
          await expectSensibleFocus(page, cdp, 'Escape from a moment');
          if (held && (await focusedNode(cdp))?.role === 'group') (await page.keyboard.press('d'), leftHolding++);
        }
        const turnAt = fresh.findLastIndex((h) => h.kind === 'live' && h.politeness === 'assertive');
        const turn = turnAt > lastMoment || (held && turnAt >= 0) ? (fresh[turnAt] as Extract<Heard, { kind: 'live' }>) : undefined;
        if (turn) {
          between.push(since);
          since = 0;
          const decision = await decisionAtFocus(page, cdp);
          if (keys.length === options.switchAt) {
            // Once: the language, from the page's header, by keyboard (the next option, or the last); the table's words
            // follow. Then Tab out of the menu and D, back to the decision.
            const language = page.getByRole('combobox', { name: t('lang.label') });
            await language.focus();
            // The menu lists English, Nederlands, Español: one step down or up, or to the last.
            const from = LOCALES.indexOf(options.start);
            const to = LOCALES.indexOf(options.switchTo);
            await page.keyboard.press(to === LOCALES.length - 1 ? 'End' : to === 0 ? 'Home' : to > from ? 'ArrowDown' : 'ArrowUp');
            t = wordsIn(options.switchTo);
            await page.getByRole('combobox', { name: t('lang.label') }).waitFor();
            await page.keyboard.press('Tab');
            await page.keyboard.press('d');
          }
          if (keys.length === 0) {
            // The keys' help: a dialog that says what it is (the table is audited with it open); Escape leaves it and
            // the keyboard is back at the decision.
            // What the page says next may come before the dialog takes the keyboard (a bot's move told meanwhile, on a
            // slow machine): heard too, and the wait goes on to the dialog.
            await page.keyboard.press('?');
            let help: Heard | undefined;
            while (!help) help = (await ear.next()).find((h) => h.kind === 'dialog');
            expect(help.kind === 'dialog' && help.name).toBe(wordsIn(options.start)('earHelp.title'));
            await e2e.audit(page, `${options.game} by ear: the keys' help`);
            await page.keyboard.press('Escape');
            await decisionAtFocus(page, cdp);
            await e2e.audit(page, `${options.game} by ear: a decision`);
          }
          if (quiet && keys.length === options.quietAt! + 2) {
            await quiet.check(turn.text, heardSinceQuiet);
            quiet = null;
            quietChecked = true;
          }
          if (keys.length === options.quietAt) {
            quiet = await quietTab(page, [wordsIn(options.start), wordsIn(options.switchTo)]);
            heardSinceQuiet = 0;
          }
          for (const key of keys.length % 10 === 1 ? (options.keys ?? []) : []) {
            expect((await ear.ask(key, answersRegion)).length, `key ${key}`).toBeGreaterThan(3);
            answers++;
          }
          const now = keys.length === options.switchAt || (options.keys?.length ?? 0) > 0 ? await decisionAtFocus(page, cdp) : decision;
          const first = options.policy(now, turn.text, t);
          let pressed = await choose(page, cdp, now, first);
          // A decision in steps: the next one on the choice the page put the keyboard on.
          for (let chosen = now.choices[first]!.name, next = options.then?.(chosen, t); next; next = options.then?.(chosen, t)) {
            const step = next;
            let again: Decision | null = null;
            await expect.poll(async () => (again = await readDecision(page, cdp)) && step(again, turn.text, t) >= 0, { timeout: HANG_MS, message: `the next step after "${chosen}"` }).toBe(true);
            const target = step(again!, turn.text, t);
            chosen = again!.choices[target]!.name;
            pressed += await choose(page, cdp, again!, target);
          }
          keys.push(pressed);
          await expectSensibleFocus(page, cdp, `the decision "${now.choices[first]!.name}"`);
          continue;
        }
        if ((await page.getByRole('heading', { name: t('results.title') }).count()) > 0) break;
      }

      // The results are a dialog in the page: from its heading, Escape leaves it for the table's name.
      await press(page.getByRole('heading', { name: t('results.title') }), 'Escape');
      await expect.poll(async () => JSON.stringify(await focusedNode(cdp).then((at) => at && [at.role, at.name])), { timeout: HANG_MS }).toBe(JSON.stringify(['heading', 'By ear']));

      // Every entry of the seat's log, heard once and in order: wait for the last ones (said together after a short gap).
      const names = follow.names();
      const opening = wordsIn(options.start);
      const other = wordsIn(options.switchTo);
      const lines = [...follow.log.values()]
        .sort((a, b) => a.seq - b.seq)
        .flatMap((entry) => {
          const forms = [describeEntry(entry, names, opening, options.describe), describeEntry(entry, names, other, options.describe)].filter((f): f is string => !!f);
          return forms.length > 0 ? [forms] : [];
        });
      const heardText = () => ear.heard.slice(heardFrom).flatMap((h) => (events(h) && h.kind === 'live' ? [h.text] : []));
      const last = lines.at(-1)!;
      while (!last.some((f) => heardText().join(' ').includes(f))) await ear.next();
      expectHeardInOrder(heardText(), lines);
      entries += lines.length;
      if (options.chatter && games === 0) {
        const said = [opening, other].map((w) => w('ear.said', { name: options.chatter!.name, text: options.chatter!.text }));
        const times = said.reduce((n, line) => n + heardText().join(' ').split(line).length - 1, 0);
        expect(times, `"${said[0]}" heard once`).toBe(1);
      }
    } finally {
      follow.stop();
    }
    games++;
  };

  // A game may never bring about what the test needs (a deal for this seat): the player then plays another.
  do {
    expect(games, `${games} games played and still not ${options.playOnUntil?.reason}`).toBeLessThan(MAX_GAMES);
    await playOne();
  } while (options.playOnUntil && !options.playOnUntil.done({ leftHolding }));
  expect(quietChecked, 'the tab that says only the turn was checked').toBe(options.quietAt !== undefined);

  // The renderer's CPU time, the whole process's (the page's main thread and the rest of its work), before the page
  // leaves the table; then the guide, from the home page's link, by keyboard (audited).
  const pageCpu = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ProcessTime')?.value ?? 0;
  await ear.goto(e2e.url);
  await press(page.getByRole('link', { name: t('ear.guide') }));
  await page.getByRole('heading', { level: 1, name: t('guide.title') }).waitFor();
  await e2e.audit(page, `guide on playing by ear (${options.switchTo})`);

  const used = process.cpuUsage(cpu);
  return {
    games,
    decisions: keys.length,
    entries,
    utterances,
    keysPerDecision: spread(keys),
    utterancesBetweenDecisions: spread(between.slice(1)),
    moments,
    leftHolding,
    answers,
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: { node: (used.user + used.system) / 1e6, page: pageCpu },
  };
}
