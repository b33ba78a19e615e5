// The queue between the crawl's walk (src/site/crawl-walk.ts) and whoever iterates its entries (for
// await, or batches()): entries in batches of BATCH_ENTRIES, at most QUEUED_BATCHES waiting, so
// that memory stays flat however fast the walk reads (issue #17, "Memory stays flat").

import type { CrawledEntry } from './crawl-types';

/**
 * Entries handed to a reader in one batch: one wake-up, and for `batches()` one promise, per 256
 * entries instead of per entry.
 */
const BATCH_ENTRIES = 256;
/** Batches queued for a reader before the walk waits for it (1,024 entries). */
const QUEUED_BATCHES = 4;

/**
 * Where the entries go when someone iterates (report() alone counts them and has none). The walk
 * fills a batch and queues it when full or when it pauses (flush); the reader takes a batch at a
 * time (batches()) or an entry at a time from the batch it holds (for await). At most
 * QUEUED_BATCHES wait: then push() returns a promise the walk awaits (back-pressure).
 *
 * @example
 * const channel = new EntryChannel();
 * const waiting = channel.push(entry); // a promise only when the reader is behind
 * channel.close();
 * const first = await channel.next(); // { done: false, value: entry }
 */
export class EntryChannel {
  #batches: CrawledEntry[][] = [];
  /**
   * The batch being filled, made at its full size: pushed onto from empty it would grow six times
   * on the way to 256 (bench/README.md, Crawl, round 8: 28 bytes of garbage an entry, 8 so).
   */
  #filling: CrawledEntry[] = new Array<CrawledEntry>(BATCH_ENTRIES);
  #filled = 0;
  /** The batch the per-entry reader is in, and its place in it. */
  #current: CrawledEntry[] = [];
  #at = 0;
  #reader: (() => void) | undefined;
  #room: (() => void)[] = [];
  #closed = false;
  #failure: unknown;

  /** Queues one; when the queue is full, resolves once there is room again. */
  push(entry: CrawledEntry): void | Promise<void> {
    this.#filling[this.#filled++] = entry;
    if (this.#filled < BATCH_ENTRIES) return;
    this.flush();
    if (this.#batches.length >= QUEUED_BATCHES && !this.#closed) return new Promise(this.#waitForRoom);
  }

  // The callbacks of push and next, made once: a function with an arrow that reads `this` makes a
  // context for it on every call, even where the arrow is never made (40 bytes an entry in each of
  // push and next; bench/README.md, Crawl, round 8).
  readonly #waitForRoom = (resolve: () => void): void => { this.#room.push(resolve); };
  readonly #fromBatch = (result: IteratorResult<CrawledEntry[]>): IteratorResult<CrawledEntry> | Promise<IteratorResult<CrawledEntry>> => {
    if (result.done) return result;
    this.#current = result.value; // never empty: next() takes its first entry
    this.#at = 0;
    return this.next();
  };

  /** Hands on the batch being filled (the walk is about to wait, or a file ended). */
  flush(): void {
    if (this.#filled === 0) return;
    const batch = this.#filling;
    batch.length = this.#filled; // a batch cut short by flush: no holes handed on
    this.#batches.push(batch);
    this.#newBatch();
    this.#wakeReader();
  }

  close(failure?: unknown): void {
    this.flush();
    this.#closed = true;
    this.#failure = failure;
    this.#wakeReader();
    this.#releaseRoom();
  }

  /** Drops what is queued (the reader left, or the walk was cancelled). */
  drop(): void {
    this.#newBatch();
    this.#batches = [];
    this.#current = [];
    this.#at = 0;
    this.#releaseRoom();
  }

  /** The next entry: from the batch in hand without waiting, else from the next batch. */
  next(): Promise<IteratorResult<CrawledEntry>> {
    if (this.#at < this.#current.length) return Promise.resolve({ done: false, value: this.#current[this.#at++]! });
    return this.nextBatch().then(this.#fromBatch);
  }

  /** The rest of the batch in hand, or the next batch (never empty). */
  async nextBatch(): Promise<IteratorResult<CrawledEntry[]>> {
    if (this.#at < this.#current.length) {
      const rest = this.#at === 0 ? this.#current : this.#current.slice(this.#at);
      this.#current = [];
      this.#at = 0;
      return { done: false, value: rest };
    }
    for (;;) {
      const batch = this.#batches.shift();
      if (batch !== undefined) {
        if (this.#batches.length < QUEUED_BATCHES) this.#releaseRoom();
        return { done: false, value: batch };
      }
      if (this.#closed) {
        if (this.#failure !== undefined) { const failure = this.#failure; this.#failure = undefined; throw failure; }
        return { done: true, value: undefined };
      }
      await new Promise<void>((resolve) => { this.#reader = resolve; });
    }
  }

  /** An empty batch to fill, made at its full size. */
  #newBatch(): void {
    this.#filling = new Array<CrawledEntry>(BATCH_ENTRIES);
    this.#filled = 0;
  }

  #wakeReader(): void {
    const reader = this.#reader;
    this.#reader = undefined;
    reader?.();
  }

  #releaseRoom(): void {
    const waiting = this.#room;
    this.#room = [];
    for (const resolve of waiting) resolve();
  }
}
