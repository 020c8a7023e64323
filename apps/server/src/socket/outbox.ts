// What goes out to a table's sockets, in order, a slice at a time. Sending one message to thousands of spectators
// is thousands of socket writes: done in one go, it held the event loop for as long (a presence push or an update to
// 5,000 spectators, 100 ms and more), and a seated player's move waited behind it. Here a big send is written a
// slice of sockets per turn of the event loop, so whatever else arrives (the players' moves first) goes in between;
// and every socket still gets its messages in the order they were sent to it: a socket with something waiting here
// gets its next message after it, however small the send.

import type { ServerMessage } from '@razzia/protocol';
import type { Member } from './audience.ts';

/** Socket writes per turn of the event loop: a few milliseconds' worth. */
export const OUTBOX_SLICE = 256;

interface Job {
  readonly members: readonly Member[];
  readonly message: ServerMessage;
  next: number;
  readonly done: (() => void) | undefined;
}

export class Outbox {
  private readonly jobs: Job[] = [];
  /** Messages waiting here per socket (by id: a socket that stops watching and watches again is the same). */
  private readonly waiting = new Map<string, number>();
  private scheduled = false;

  constructor(
    /** Writes one message to one member's socket. */
    private readonly write: (member: Member, message: ServerMessage) => void,
    private readonly slice = OUTBOX_SLICE,
  ) {}

  /**
   * Sends `message` to `members`, after whatever waits here for any of them. Resolves when it is written to all:
   * at once (undefined) when they are few and none has anything waiting.
   */
  send(members: readonly Member[], message: ServerMessage): Promise<void> | undefined {
    if (members.length === 0) return undefined;
    if (members.length <= this.slice && (this.waiting.size === 0 || members.every((m) => !this.waiting.has(m.socket.id)))) {
      for (const member of members) this.write(member, message);
      return undefined;
    }
    for (const member of members) this.waiting.set(member.socket.id, (this.waiting.get(member.socket.id) ?? 0) + 1);
    return new Promise((done) => {
      this.jobs.push({ members, message, next: 0, done });
      this.schedule();
    });
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
    let budget = this.slice;
    while (budget > 0) {
      const job = this.jobs[0];
      if (!job) return;
      const end = Math.min(job.members.length, job.next + budget);
      for (let i = job.next; i < end; i++) {
        const member = job.members[i] as Member;
        const left = (this.waiting.get(member.socket.id) ?? 1) - 1;
        if (left > 0) this.waiting.set(member.socket.id, left);
        else this.waiting.delete(member.socket.id);
        this.write(member, job.message);
      }
      budget -= end - job.next;
      job.next = end;
      if (job.next < job.members.length) break;
      this.jobs.shift();
      job.done?.();
    }
    if (this.jobs.length > 0) this.schedule();
  }
}
