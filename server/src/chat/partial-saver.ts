import { isConversationGone } from './save-reply';
import { replyWrite, type ReplyState, type RunContext } from './run-context';

/**
 * Saves the reply being generated with `unfinished: true`: once as soon as the run has relayed what it
 * already had (the first save never delays the first `text` event), unless the turn's statement made the
 * reply's first save already, then every `intervalMs` while its text grows, so a crashed process loses at
 * most that much. Saves never overlap; `stop()` waits for the last one, so the final save is always the last
 * write.
 */
export class PartialSaver {
  private chain: Promise<void> = Promise.resolve();
  private saved = '';
  private timer: NodeJS.Timeout | undefined;
  private first: NodeJS.Immediate | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: RunContext,
    private readonly state: ReplyState,
    private readonly intervalMs: number,
  ) {
    if (ctx.replyStarted) this.saved = this.mark();
  }

  /** What the saved reply is compared by: its text and, in a tool loop, its parts (which change on their own). */
  private mark(): string {
    const { text, content } = this.state;
    return content ? `${text.length}:${JSON.stringify(content).length}` : String(text.length);
  }

  start(): void {
    // A reply saved with its turn exists already: the interval's saves bound what a crash loses.
    if (!this.ctx.replyStarted) this.first = setImmediate(() => this.saveIfChanged());
    this.timer = setInterval(() => this.saveIfChanged(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearImmediate(this.first);
    clearInterval(this.timer);
    await this.chain;
  }

  private saveIfChanged(): void {
    const { text, content } = this.state;
    // Tool parts change without the text growing (progress, output), so they count too.
    const mark = this.mark();
    if (this.stopped || mark === this.saved) return;
    this.saved = mark;
    const { ctx } = this;
    const parts = content ? { content: structuredClone(content) } : {};
    this.chain = this.chain.then(async () => {
      try {
        await ctx.deps.messages.saveMessage(
          ctx.userId,
          replyWrite(ctx, { text, ...parts, unfinished: true, error: false }),
        );
      } catch (error) {
        if (isConversationGone(error)) {
          // Deleted where the abort bus did not reach (another instance while Redis was away): stop here.
          ctx.abort.conversationDeleted = true;
          ctx.abort.stop();
          return;
        }
        ctx.deps.logger.warn(
          { err: error, messageId: ctx.reply.messageId },
          'could not save the partial reply',
        );
      }
    });
  }
}
