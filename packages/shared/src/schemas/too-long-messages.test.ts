// Issue 11 item 7: text over a limit is "too long", never "required" (the type's own message).
import { describe, expect, it } from 'vitest';
import { chatRequestSchema } from './chat-request';
import { fileUploadFieldsSchema } from './file';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('limits name the real problem', () => {
  it('a chat text over 1,000,000 characters is too long, a missing one is required', () => {
    const base = { endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null };
    expect(messageOf(chatRequestSchema.safeParse({ ...base, text: 'x'.repeat(1_000_001) }))).toBe(
      'text is too long (at most 1,000,000 characters)',
    );
    expect(messageOf(chatRequestSchema.safeParse(base))).toBe('text is required');
  });

  it('an upload’s endpoint over 256 characters is too long', () => {
    const result = fileUploadFieldsSchema.safeParse({
      endpoint: 'e'.repeat(257),
      file_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(
      'endpoint is too long (at most 256 characters)',
    );
  });
});
