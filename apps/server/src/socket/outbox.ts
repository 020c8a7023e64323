// What goes out to a table's sockets, in order, a slice at a time. Sending one message to thousands of spectators
// is thousands of socket writes: done in one go, it held the event loop for as long (a presence push or an update to
// 5,000 spectators, 100 ms and more), and a seated player's move waited behind it. Here a big send is written a
// slice of sockets per turn of the event loop, so whatever else arrives (the players' moves first) goes in between;
// and every socket still gets its messages in the order they were sent to it: a socket with something waiting here
// gets its next message after it, however small the send.
//
// While a crowd is joining, the slices are small (OUTBOX_SLICE_JOINING): each step of a join (Node taking its connection
// from the kernel, the WebSocket handshake, socket.io's connect, the `watch`) happens in a turn of its own, and a turn
// that writes 256 sockets lasts a few milliseconds, so a join that came while an update was being written waited that
// long at each step. The update takes the same writes either way, in more, shorter turns.
//
// When sends come faster than a big audience can be written to (a round's end: the score, each player's `ready`,
// the resumption, within a few milliseconds), a new message for the very sockets that still wait for the newest one
// is folded into it (`conflate`: a table's next update into its previous one, a presence push over the last): they
// get one message that says both, so the backlog does not grow a write per socket per message.

import type { ServerMessage } from '@razzia/protocol';
import type { Member } from './audience.ts';

/** Socket writes per turn of the event loop: a few milliseconds' worth. */
export const OUTBOX_SLICE = 256;

/** Socket writes per turn while connections are arriving (`joining`): a fraction of a millisecond's worth. */
export const OUTBOX_SLICE_JOINING = 16;

/** The message that says both `older` and then `newer` to a socket that has received neither, or null if there is
 * none. */
export type Conflate = (older: ServerMessage, newer: ServerMessage) => ServerMessage | null;

interface Job {
  readonly members: readonly Member[];
  /** What members from `next` on receive (those before it had an earlier form, when a later send was folded in). */
  message: ServerMessage;
  next: number;
  readonly written: Promise<void>;
  readonly done: () => void;
}

export class Outbox {
  private readonly jobs: Job[] = [];
  private scheduled = false;

  constructor(
    /** Writes one message to one member's socket. */
    private readonly write: (member: Member, message: ServerMessage) => void,
    private readonly slice = OUTBOX_SLICE,
    private readonly conflate: Conflate = () => null,
    /** Whether connections are arriving now (socket/upgrades.ts `joining`): then a turn writes OUTBOX_SLICE_JOINING. */
    private readonly joining: () => boolean = () => false,
  ) {}

  /**
   * Sends `message` to `members`, after whatever waits here for any of them. Resolves when it is written to all:
   * at once (undefined) when they are few and none has anything waiting.
   */
  send(members: readonly Member[], message: ServerMessage): Promise<void> | undefined {
    if (members.length === 0) return undefined;
    if (members.length <= this.slice && members.every((m) => m.conn.queued === 0)) {
      for (const member of members) this.write(member, message);
      return undefined;
    }
    if (this.jobs.length === 0) return this.queue(members, message);
    // Each job some of these still wait for as their newest can take this message folded in, for them, if every
    // socket still waiting for it is among these: nobody gets what was not sent to them, and nothing sent to a
    // socket after that job is overtaken.
    const waitingIn = new Map<Job, number>();
    for (const m of members) if (m.inJob) waitingIn.set(m.inJob as Job, (waitingIn.get(m.inJob as Job) ?? 0) + 1);
    const folded = new Set<Job>();
    for (const [job, waiting] of waitingIn) {
      if (waiting !== job.members.length - job.next) continue;
      const both = this.conflate(job.message, message);
      if (!both) continue;
      job.message = both;
      folded.add(job);
    }
    if (folded.size === 0) return this.queue(members, message);
    const rest = members.filter((m) => !folded.has(m.inJob as Job));
    if (rest.length > 0) return this.queue(rest, message);
    // Written once the last of the jobs it went into is.
    for (let i = this.jobs.length - 1; ; i--) if (folded.has(this.jobs[i] as Job)) return (this.jobs[i] as Job).written;
  }

  private queue(members: readonly Member[], message: ServerMessage): Promise<void> {
    let done!: () => void;
    const written = new Promise<void>((resolve) => (done = resolve));
    const job: Job = { members, message, next: 0, written, done };
    for (const member of members) {
      member.conn.queued++;
      member.inJob = job;
    }
    this.jobs.push(job);
    this.schedule();
    return written;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /** One slice: the oldest jobs first. */
  private pump(): void {
    let budget = this.joining() ? Math.min(this.slice, OUTBOX_SLICE_JOINING) : this.slice;
    while (budget > 0) {
      const job = this.jobs[0];
      if (!job) return;
      const end = Math.min(job.members.length, job.next + budget);
      for (let i = job.next; i < end; i++) {
        const member = job.members[i] as Member;
        member.conn.queued--;
        if (member.inJob === job) member.inJob = null;
        this.write(member, job.message);
      }
      budget -= end - job.next;
      job.next = end;
      if (job.next < job.members.length) break;
      this.jobs.shift();
      job.done();
    }
    if (this.jobs.length > 0) this.schedule();
  }
}
