import type { ChatRequestBody } from '@parley/shared/schemas/chat-request';
import { describe, expect, it } from 'vitest';
import { turnKindOf } from './turn';

const body = (fields: Partial<ChatRequestBody>): ChatRequestBody => ({
  text: 'x',
  endpoint: 'openAI',
  model: 'gpt-4o',
  ...fields,
});
const id = '11111111-1111-4111-8111-111111111111';

describe('turnKindOf', () => {
  it('reads the operation from the flags the client sends', () => {
    expect(turnKindOf(body({}))).toBe('ask');
    expect(turnKindOf(body({ isRegenerate: true, overrideParentMessageId: id }))).toBe('regenerate');
    expect(turnKindOf(body({ overrideParentMessageId: id }))).toBe('regenerate');
    expect(turnKindOf(body({ overrideParentMessageId: id, isEdited: true }))).toBe('edit-user');
    expect(
      turnKindOf(
        body({ overrideParentMessageId: id, responseMessageId: id, generation: 'g', isEdited: true }),
      ),
    ).toBe('edit-reply');
    expect(turnKindOf(body({ responseMessageId: id, isContinued: true, isEdited: true }))).toBe('continue');
  });
});
