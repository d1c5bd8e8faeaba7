import fc from 'fast-check';
import { NO_PARENT } from '@parley/shared/constants';
import type { FuzzFixtures } from './fuzz-table';
import { RawJson, shape } from './hostile-values';

const text = fc.string({ maxLength: 30 });
const uuid = fc.uuid();
const bodyId = (id: string) => fc.oneof(fc.constant(id), uuid, fc.constant(NO_PARENT));
const endpoint = fc.constantFrom('openAI', 'anthropic', 'nope');

/** A LibreChat `recursive` export of a 5,000-message conversation: 10,000 levels of nesting. */
const DEEP_MESSAGE_TREE = new RawJson(
  `${'{"messageId":"m","text":"t","children":['.repeat(5_000)}${']}'.repeat(5_000)}`,
);

/** The three export formats the import route recognises, each with hostile parts; and message trees too deep. */
export function importBody(f: FuzzFixtures) {
  const message = shape({
    messageId: fc.oneof(uuid, text),
    parentMessageId: bodyId(f.messageId),
    text,
    sender: fc.constantFrom('User', 'GPT-4'),
    isCreatedByUser: fc.boolean(),
    children: fc.array(fc.constant({}), { maxLength: 2 }),
    createdAt: fc.constantFrom('2024-01-01T00:00:00.000Z', 'yesterday', ''),
  });
  const libreChat = shape({
    conversationId: fc.oneof(uuid, fc.constant(f.conversationId)),
    title: text,
    endpoint,
    recursive: fc.boolean(),
    messages: fc.oneof(
      { weight: 19, arbitrary: fc.array(message, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.constant([DEEP_MESSAGE_TREE]) },
    ),
  });
  const node = shape({
    id: text,
    parent: text,
    children: fc.array(text, { maxLength: 2 }),
    message: shape({
      author: shape({ role: fc.constantFrom('user', 'assistant', 'system') }),
      content: shape({ parts: fc.array(text) }),
    }),
  });
  const chatGpt = shape({
    title: text,
    create_time: fc.double(),
    current_node: text,
    mapping: fc.dictionary(text, node, { maxKeys: 3 }),
  });
  const parley = shape({
    format: fc.constant('parley-export'),
    version: fc.constantFrom(1, 2, '1'),
    conversations: fc.array(libreChat, { maxLength: 2 }),
  });
  const file = fc.oneof(libreChat, chatGpt, parley);
  return fc.oneof(file, fc.array(file, { maxLength: 3 }));
}
