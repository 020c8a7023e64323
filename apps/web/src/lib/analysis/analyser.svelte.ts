// One analysis at a time in the replay viewer: starts the worker, gathers its reports as reactive state, and stops
// it (by terminating it) on request or when the page leaves. Loaded with the analysis panel, once a finished game's
// record is open; the worker's own code loads when Analyse is pressed.

import type { AnalysedDecision } from '@razzia/bots';
import type { AnalysisReport, AnalysisRequest } from './protocol.ts';

export type AnalysisStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export class Analyser {
  status = $state<AnalysisStatus>('idle');
  /** The seat analysed (or being analysed). */
  seat = $state<number | null>(null);
  done = $state(0);
  /** Decisions with a choice in them, once the first is analysed (0 until then). */
  total = $state(0);
  decisions = $state.raw<readonly AnalysedDecision<unknown>[]>([]);
  /** The costliest decisions so far, the costliest first. */
  marked = $state.raw<readonly AnalysedDecision<unknown>[]>([]);
  error = $state<string | null>(null);
  private worker: Worker | null = null;

  constructor(private readonly create: () => Worker = () => new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' })) {}

  start(request: AnalysisRequest): void {
    this.halt();
    this.seat = request.seat;
    this.done = 0;
    this.total = 0;
    this.decisions = [];
    this.marked = [];
    this.error = null;
    this.status = 'running';
    const worker = this.create();
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<AnalysisReport>) => {
      if (worker !== this.worker) return; // a report of an analysis already stopped
      this.received(event.data);
    };
    worker.onerror = (event) => {
      if (worker !== this.worker) return;
      event.preventDefault();
      this.fail(event.message || 'the analysis stopped');
    };
    worker.postMessage(request);
  }

  /** Stops a running analysis; what it found so far stays. */
  stop(): void {
    if (this.status !== 'running') return;
    this.halt();
    this.status = 'stopped';
  }

  /** Forgets everything (another record, another player). */
  reset(): void {
    this.halt();
    this.status = 'idle';
    this.seat = null;
    this.done = 0;
    this.total = 0;
    this.decisions = [];
    this.marked = [];
    this.error = null;
  }

  private received(report: AnalysisReport): void {
    switch (report.type) {
      case 'progress':
        this.done = report.done;
        this.total = report.total;
        this.decisions = [...this.decisions, report.decision];
        this.marked = report.marked;
        return;
      case 'done':
        this.total = report.total;
        this.halt();
        this.status = 'done';
        return;
      case 'error':
        this.fail(report.message);
        return;
    }
  }

  private fail(message: string): void {
    this.halt();
    this.error = message;
    this.status = 'failed';
  }

  private halt(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
