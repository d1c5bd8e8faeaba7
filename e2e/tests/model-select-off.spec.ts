import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { snapshot } from '../support/fixtures';
import { expectNoModelPicker, expectPanelWithoutModelShown } from '../support/model-pickers';

// Issue 27 (SPEC rules item 1): with interface.modelSelect off no screen offers a model — not the header, not
// the side panel. Model specs turning it off: model-specs-enforced.spec.ts.
test.use({ parleyConfig: 'version: 1.0.8\ninterface:\n  modelSelect: false\n' });

test('with modelSelect off the side panel offers no model, and a chat runs on the default model', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await expectNoModelPicker(page);
  // The picture: the endpoint in the header, the side panel open on its files, no model anywhere.
  await expectPanelWithoutModelShown(page, { name: 'Endpoint: OpenAI', text: 'OpenAI' });
  await snapshot(page, 'model-select-off-panel');
  await fake.script({ replies: [{ text: 'Hello' }] });
  await send(page, 'Hi');
  await expect(messages(page).nth(1)).toContainText('Hello');
  const [request] = await fake.chatRequests();
  expect(request?.body).toMatchObject({ model: 'gpt-4o' });
});
