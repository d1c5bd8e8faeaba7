import { test } from '../support/chat-fixtures';
import { askBigLog, askDocuments } from '../support/knowledge-journey';

// Embeddings from the OpenAI fake (the chat endpoint's key and proxy are the default).
test.use({ parleyEnv: { EMBEDDINGS_MODEL: 'fake-embed' } });

test('a PDF and a DOCX answer a question about page 2, with sources that open the file', async ({
  page,
  fake,
}) => {
  await askDocuments(page, fake, 'knowledge', true);
});

test('a 3 MB log sends only its passages about the question', async ({ page, fake }) => {
  await askBigLog(page, fake);
});
