// The flood cut-off's count: refused messages in a row, in the order the messages arrived — not the order their
// replies went out, which differs when an accepted message waits for its table while later ones are refused at the
// door. A message still being handled breaks a row until it is refused too; an accepted one ends every row before it.

type Status = 'pending' | 'refused';

export class RefusalStreak {
  /** Arrival number of tail[0]: the first message after the latest accepted one. */
  private first = 0;
  private next = 0;
  /** Every message since the latest accepted one, by arrival: still being handled, or refused. */
  private tail: Status[] = [];

  /** A message arrived: its number. */
  arrive(): number {
    this.tail.push('pending');
    return this.next++;
  }

  /** Message `n` was accepted: the rows before it are over. */
  accepted(n: number): void {
    if (n < this.first) return;
    this.tail = this.tail.slice(n - this.first + 1);
    this.first = n + 1;
  }

  /** Message `n` was refused: how many refused messages in a row it is part of now. */
  refused(n: number): number {
    const i = n - this.first;
    if (i < 0) return 0; // a message that arrived after it was accepted already
    this.tail[i] = 'refused';
    let from = i;
    let to = i;
    while (from > 0 && this.tail[from - 1] === 'refused') from--;
    while (to < this.tail.length - 1 && this.tail[to + 1] === 'refused') to++;
    return to - from + 1;
  }
}
