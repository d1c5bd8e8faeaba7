// The knowledge feature's embeddings billing, bound to the ledger: each provider call is one `embedding` row.
import type { BillEmbedding } from '../knowledge/embeddings';
import type { LedgerService } from './service';

export function embeddingBillOf(ledger: Pick<LedgerService, 'record'>): BillEmbedding {
  return async (call) => {
    await ledger.record({
      userId: call.userId,
      kind: 'embedding',
      endpoint: call.endpoint,
      model: call.model,
      promptTokens: call.promptTokens,
      completionTokens: 0,
      requestId: call.requestId,
    });
  };
}
