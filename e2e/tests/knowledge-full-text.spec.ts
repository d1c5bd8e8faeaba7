import { test } from '../support/chat-fixtures';
import { askBigLog, askDocuments, askWithForeignFile } from '../support/knowledge-journey';

test.use({ parleyEnv: { EMBEDDINGS_PROVIDER: 'none' } });

test('without embeddings, full-text retrieval still finds page 2 and names it as a source', async ({
  page,
  fake,
}) => {
  await askDocuments(page, fake, 'knowledge-full-text', false);
});

test('without embeddings, a 3 MB log still sends only its passages about the question', async ({
  page,
  fake,
}) => {
  await askBigLog(page, fake);
});

test('another user’s file id is refused with 404 and nothing reaches the model', async ({
  browser,
  page,
  fake,
}) => {
  await askWithForeignFile(browser, page, fake);
});
