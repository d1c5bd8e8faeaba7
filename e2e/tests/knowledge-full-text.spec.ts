import { test } from '../support/chat-fixtures';
import { askDocuments } from '../support/knowledge-journey';

test.use({ parleyEnv: { EMBEDDINGS_PROVIDER: 'none' } });

test('without embeddings, full-text retrieval still finds page 2 and names it as a source', async ({
  page,
  fake,
}) => {
  await askDocuments(page, fake, null);
});
