// The web side of bot levels, hints and the analysis, where it is pure: the level picker's list, the log line of a
// hint asked for, and the analysis' controller with a stand-in worker (progress, done, stop, a failure, and reports
// of an analysis already stopped).

import { describe, expect, it } from 'vitest';
import { Analyser } from '../../src/lib/analysis/analyser.svelte.ts';
import type { AnalysisReport, AnalysisRequest } from '../../src/lib/analysis/protocol.ts';
import { loadChrome, translate, type Dictionaries, type MessageKey, type Params } from '../../src/lib/i18n/index.ts';
import { botChoices, KNOWN_LEVELS } from '../../src/lib/table/bots.ts';
import { describeNotice } from '../../src/lib/table/describe.ts';
import { levelWords } from '../../src/lib/table/level-words.ts';

// The chrome's Dutch and Spanish, as a page in those languages loads them.
await Promise.all([loadChrome('nl'), loadChrome('es')]);

const words = (locale: 'en' | 'nl' | 'es', loaded: Dictionaries[] = [levelWords]) => (key: MessageKey, params?: Params) => translate(locale, key, params, loaded);

describe('the level picker', () => {
  const listed = [
    { id: 'random', name: 'Random', description: 'Plays any legal move at random.' },
    { id: 'greedy', name: 'Greedy', description: 'Grabs whatever scores best.' },
    { id: 'easy', name: 'Easy', description: 'Thinks a moment ahead.' },
    { id: 'normal', name: 'Normal', description: 'A solid opponent.' },
    { id: 'hard', name: 'Hard', description: 'Plays to win.' },
  ];

  it('offers the server’s levels in its order (weakest first), in the reader’s words', () => {
    const es = botChoices(listed, words('es'));
    expect(es.map((b) => b.id)).toEqual(['random', 'greedy', 'easy', 'normal', 'hard']);
    expect(es.map((b) => b.name)).toEqual(['Al azar', 'Codicioso', 'Fácil', 'Normal', 'Difícil']);
    expect(es.every((b) => b.description.length > 20)).toBe(true);
    expect(botChoices(listed, words('en'))[4]).toEqual({ id: 'hard', name: 'Hard', description: expect.stringMatching(/a thousand or more possible futures/) });
    expect(KNOWN_LEVELS).toEqual(listed.map((b) => b.id));
  });

  it('shows a level it has no words for as the server words it, and the server’s words until its own have loaded', () => {
    expect(botChoices([...listed, { id: 'expert', name: 'Expert', description: 'New.' }], words('nl')).at(-1)).toEqual({ id: 'expert', name: 'Expert', description: 'New.' });
    expect(botChoices(listed, words('nl', []))[4]).toEqual({ id: 'hard', name: 'Hard', description: 'Plays to win.' });
  });

  it('offers every game’s own two bots before the server’s list arrives (or an older server’s, without names)', () => {
    expect(botChoices(null, words('en')).map((b) => b.name)).toEqual(['Random', 'Greedy']);
    expect(botChoices([{ id: 'greedy', description: 'Greedy.' }], words('en', [])).map((b) => b.name)).toEqual(['greedy']);
  });

  it('the log says who asked for a hint, never what they were told', () => {
    const entry = { seq: 9, at: 0, kind: 'table' as const, event: { type: 'hint-asked', seat: 1 } };
    expect(describeNotice(entry, ['Ann', 'Ben'], words('en'))).toBe('Ben asked for a hint');
    expect(describeNotice(entry, ['Ann', 'Hard bot'], words('es'))).toBe('Bot difícil pidió una pista');
  });
});

/** A worker that does nothing by itself: the test says what it reports. */
class StandInWorker {
  onmessage: ((event: MessageEvent<AnalysisReport>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  requests: AnalysisRequest[] = [];
  terminated = false;
  postMessage(request: AnalysisRequest) {
    this.requests.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  report(report: AnalysisReport) {
    this.onmessage?.({ data: report } as MessageEvent<AnalysisReport>);
  }
}

describe('the analysis controller', () => {
  const request: AnalysisRequest = { game: 'razzia', played: { setup: {}, moves: [] }, seat: 1, seed: 's' };
  const decision = (index: number, loss: number) => ({
    index,
    choices: 3,
    played: { type: 'pass' },
    best: { type: 'call' },
    playedWinChance: 0.4,
    bestWinChance: 0.4 + loss,
    loss,
    verdict: loss >= 0.2 ? ('blunder' as const) : ('best' as const),
  });

  function started() {
    const workers: StandInWorker[] = [];
    const analyser = new Analyser(() => {
      const w = new StandInWorker();
      workers.push(w);
      return w as unknown as Worker;
    });
    analyser.start(request);
    return { analyser, workers };
  }

  it('sends the request, gathers each decision with the marks so far, and ends done with the worker gone', () => {
    const { analyser, workers } = started();
    const worker = workers[0]!;
    expect(worker.requests).toEqual([request]);
    expect([analyser.status, analyser.seat, analyser.total]).toEqual(['running', 1, 0]);
    worker.report({ type: 'progress', done: 1, total: 2, decision: decision(4, 0), marked: [] });
    worker.report({ type: 'progress', done: 2, total: 2, decision: decision(9, 0.3), marked: [decision(9, 0.3)] });
    expect([analyser.done, analyser.total, analyser.decisions.length, analyser.marked.map((d) => d.index)]).toEqual([2, 2, 2, [9]]);
    worker.report({ type: 'done', total: 2 });
    expect(analyser.status).toBe('done');
    expect(worker.terminated).toBe(true);
  });

  it('stops on request, keeping what it found, and ignores what a stopped worker still says', () => {
    const { analyser, workers } = started();
    workers[0]!.report({ type: 'progress', done: 1, total: 5, decision: decision(2, 0.25), marked: [decision(2, 0.25)] });
    analyser.stop();
    expect([analyser.status, workers[0]!.terminated, analyser.marked.length]).toEqual(['stopped', true, 1]);
    workers[0]!.report({ type: 'progress', done: 2, total: 5, decision: decision(3, 0), marked: [] });
    expect(analyser.done).toBe(1);
    // Another player: a fresh worker and a fresh start.
    analyser.start({ ...request, seat: 0 });
    expect([analyser.status, analyser.seat, analyser.decisions.length, workers.length]).toEqual(['running', 0, 0, 2]);
  });

  it('says why a failed analysis stopped', () => {
    const { analyser, workers } = started();
    workers[0]!.report({ type: 'error', message: 'no analysis for chess' });
    expect([analyser.status, analyser.error, workers[0]!.terminated]).toEqual(['failed', 'no analysis for chess', true]);
    analyser.reset();
    expect([analyser.status, analyser.error, analyser.seat]).toEqual(['idle', null, null]);
  });
});
