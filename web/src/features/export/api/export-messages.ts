import { z } from 'zod';
import { messageSchema, type Message } from '@parley/shared/schemas/message';
import { apiGet } from '../../../lib/api-client';

/** The saved tree (every branch) as the server has it: exports never read the page. */
export function fetchSavedMessages(conversationId: string): Promise<Message[]> {
  return apiGet(`/api/messages/${encodeURIComponent(conversationId)}`, z.array(messageSchema));
}
