/**
 * Group commit for a run's answers: every answer handed in while a write is being prepared or
 * is under way goes into the next write, so a fast run (the demo network, many answers at once)
 * writes a few answers per transaction, and a slow one (real providers, seconds apart) still
 * writes each answer within one event-loop turn of its arrival. `save` resolves once the answer
 * is committed: the run counts a task as saved only then, which is what resuming relies on.
 */
export class SaveQueue<T> {
  private pending: Array<{ item: T; saved: () => void; failed: (error: unknown) => void }> = [];
  private writing = false;

  constructor(
    private readonly writeBatch: (items: T[]) => Promise<void>,
    private readonly maxBatch = 64,
  ) {}

  save(item: T): Promise<void> {
    return new Promise((saved, failed) => {
      this.pending.push({ item, saved, failed });
      if (!this.writing) {
        this.writing = true;
        // One turn's grace: the answers that arrive in the same turn join this write.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.maxBatch);
      try {
        await this.writeBatch(batch.map((b) => b.item));
        for (const b of batch) b.saved();
      } catch (error) {
        for (const b of batch) b.failed(error);
      }
      if (this.pending.length) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    this.writing = false;
  }
}
