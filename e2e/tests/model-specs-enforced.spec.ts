import { expect, messages, send, signUp, test } from '../support/chat-fixtures';
import { snapshot } from '../support/fixtures';
import { expectNoModelPicker, expectPanelWithoutModelShown } from '../support/model-pickers';

// Issue 27 (SPEC rules item 1): model specs turn interface.modelSelect off, so no screen offers a model the
// enforced spec would refuse. The server's refusal of a model outside the spec: chat-admission.test.ts.
test.use({
  parleyConfig: `version: 1.0.8
modelSpecs:
  enforce: true
  list:
    - name: quick
      label: Quick answers
      default: true
      preset: { endpoint: openAI, model: gpt-4o-mini, temperature: 0.2 }
`,
});

test('with enforced model specs the side panel offers no model, and a chat runs on the spec', async ({
  page,
  fake,
}) => {
  await signUp(page);
  await expect(page.getByRole('button', { name: 'Model spec: Quick answers' })).toBeVisible();
  await expectNoModelPicker(page);
  // The picture: the spec in the header, the side panel open on its files, no model anywhere.
  await expectPanelWithoutModelShown(page, { name: 'Model spec: Quick answers', text: 'Quick answers' });
  await snapshot(page, 'model-specs-enforced-panel');
  await fake.script({ replies: [{ text: 'Quick hello' }] });
  await send(page, 'Hi');
  await expect(messages(page).nth(1)).toContainText('Quick hello');
  const [request] = await fake.chatRequests();
  expect(request?.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2 });
});
