import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { AgentPanel } from './support/agent-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';
import {
  startEverythingServer,
  startNoCorsServer,
  type EverythingServer,
} from './support/mcp-servers';
import { McpSettings, setVision } from './support/mcp-settings';
import { toolResult } from './support/tool-results';

/**
 * MCP end to end: the reference server (server-everything) started by the test on
 * 127.0.0.1, a different origin from Cove's page; it answers CORS itself. Settings adds and
 * tests it; agent runs call its tools; the composer attaches its resources and uses its
 * prompts; the older HTTP+SSE transport works the same; a server without CORS is told.
 */

let streamable: EverythingServer;
let sse: EverythingServer;

test.beforeAll(async () => {
  [streamable, sse] = await Promise.all([
    startEverythingServer('streamableHttp'),
    startEverythingServer('sse'),
  ]);
});

test.afterAll(async () => {
  await Promise.all([streamable?.stop(), sse?.stop()]);
});

/** Every message the model was sent, as text, from the requests the fake provider saw. */
function sentText(provider: FakeOpenAIServer): string {
  return JSON.stringify(provider.chatRequests().map((request) => request.body));
}

/** Adds the server in Settings (closed afterwards), optionally running without asking. */
async function addServer(
  cove: CovePage,
  url: string,
  options: { approval?: 'ask' | 'auto'; name?: string } = {},
): Promise<void> {
  const settings = new McpSettings(cove);
  await cove.openSettings();
  await settings.add({ name: options.name ?? 'everything', url });
  if (options.approval) await settings.setApproval(options.name ?? 'everything', options.approval);
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
}

async function agentWith(cove: CovePage, provider: FakeOpenAIServer): Promise<AgentPanel> {
  const agent = new AgentPanel(cove);
  // server-everything's tools beside Cove's own need more than the 8,192 tokens assumed of
  // a model whose window is not known; this one states its window, as real listings do.
  await agent.connect(provider, { context_length: 32_768 });
  await agent.switchToAgent();
  return agent;
}

test('Settings adds an MCP server after telling bad input, and Test shows what it offers', async ({
  cove,
}) => {
  const settings = new McpSettings(cove);
  await cove.openSettings();
  await settings.fill({ name: '', url: 'localhost:1/mcp' });
  await settings.form.getByRole('button', { name: 'Save' }).click();
  await expect(settings.form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.form.getByRole('alert')).toContainText('The server has no name.');
  await settings.form.getByLabel('Name').fill('everything');
  await settings.form.getByRole('button', { name: 'Save' }).click();
  await expect(settings.form.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.form.getByRole('alert')).toContainText(
    'Cove reaches MCP servers over HTTP only',
  );
  await settings.form.getByLabel('URL').fill(streamable.url);

  // Test before saving: the server, the protocol, the transport and its tools.
  await settings.form.getByRole('button', { name: 'Test', exact: true }).click();
  const draftReport = settings.report(settings.form);
  await expect(draftReport).toContainText('Connected to mcp-servers/everything');
  await expect(draftReport).toContainText('Streamable HTTP');
  await expect(draftReport).toContainText(/protocol \d{4}-\d{2}-\d{2}/);
  await expect(draftReport.getByRole('list', { name: 'Tools' })).toContainText('echo');
  await expect(draftReport.getByRole('list', { name: 'Tools' })).toContainText('get-sum');
  await settings.form.screenshot({ path: 'test-results/mcp-form.png' });
  await settings.form.getByRole('button', { name: 'Save' }).click();
  await expect(settings.form).toBeHidden();

  const entry = await settings.test('everything');
  await expect(settings.report(entry).getByRole('list', { name: 'Tools' })).toContainText(
    'trigger-long-running-operation',
  );
  await expect(settings.report(entry)).toContainText(/\d+ resources/);
  await expect(settings.report(entry)).toContainText(/\d+ prompts/);
  await expect(entry.getByLabel('Enabled')).toBeChecked();
  await expect(entry.getByLabel('Approval')).toHaveValue('ask');
  await settings.section.scrollIntoViewIfNeeded();
  await settings.section.screenshot({ path: 'test-results/mcp-settings.png' });

  // Still there after a reload; Remove asks first.
  await cove.reload();
  await cove.openSettings();
  await expect(settings.server('everything')).toBeVisible();
  await settings.server('everything').getByRole('button', { name: 'Remove everything' }).click();
  await cove.page
    .getByRole('alertdialog', { name: 'Remove everything?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(settings.server('everything')).toBeHidden();
});

test('an agent run calls echo, get-sum and the image tool of the MCP server, each approved, and answers', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await addServer(cove, streamable.url);
  const agent = await agentWith(cove, provider);
  await setVision(cove, 'chat-model');
  provider.script(
    {
      toolCalls: [
        { id: 'c_echo', name: 'mcp_everything_echo', arguments: { message: 'hello MCP' } },
      ],
    },
    { toolCalls: [{ id: 'c_sum', name: 'mcp_everything_get-sum', arguments: { a: 2, b: 3 } }] },
    { toolCalls: [{ id: 'c_img', name: 'mcp_everything_get-tiny-image', arguments: {} }] },
    { content: 'The server echoed “hello MCP”, 2 + 3 is 5, and the image is the MCP logo.' },
  );
  await agent.send('Try the MCP tools');

  for (const name of [
    'mcp_everything_echo',
    'mcp_everything_get-sum',
    'mcp_everything_get-tiny-image',
  ]) {
    const request = agent.approval(name);
    await expect(request).toContainText(/on the MCP server everything/);
    await request.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(agent.chip(name)).toHaveAccessibleName(new RegExp(`^${name}, .*done`));
  }
  await agent.idle();
  await expect(agent.chat.replies.last()).toContainText('2 + 3 is 5');
  expect(toolResult(provider, 'c_echo')).toContain('Echo: hello MCP');
  expect(toolResult(provider, 'c_sum')).toContain('The sum of 2 and 3 is 5.');
  expect(toolResult(provider, 'c_img')).toContain('The image above is the MCP logo.');
  // The picture went to the (vision) model with the result.
  expect(sentText(provider)).toMatch(/data:image\/png;base64,/);
  // The model was offered the server's tools with their schemas.
  const tools = (
    provider.chatRequests()[0]!.body as { tools: { function: { name: string } }[] }
  ).tools.map((tool) => tool.function.name);
  expect(tools).toEqual(expect.arrayContaining(['mcp_everything_echo', 'mcp_everything_get-sum']));
  // The chip shows the picture the server returned.
  const imageCall = await agent.expand(agent.chip('mcp_everything_get-tiny-image'));
  await expect(imageCall.getByRole('img', { name: 'Image from get-tiny-image' })).toBeVisible();
  await cove.page.screenshot({ path: 'test-results/mcp-run.png' });
});

test('a long-running MCP tool shows its progress on the chip, and Stop cancels it', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await addServer(cove, streamable.url, { approval: 'auto' });
  const agent = await agentWith(cove, provider);
  provider.script({
    toolCalls: [
      {
        id: 'c_long',
        name: 'mcp_everything_trigger-long-running-operation',
        arguments: { duration: 120, steps: 120 },
      },
    ],
  });
  await agent.send('Run the long operation');
  // The server runs without asking: no approval request, the chip shows progress lines.
  const chip = agent.chip('mcp_everything_trigger-long-running-operation');
  await expect(chip).toHaveAccessibleName(/running/);
  const details = cove.page.getByRole('group', {
    name: 'mcp_everything_trigger-long-running-operation details',
  });
  await expect(details.getByRole('log', { name: 'Output' })).toContainText('Progress 2/120', {
    timeout: 30_000,
  });
  await cove.page.getByRole('button', { name: 'Stop' }).click();
  await expect(chip).toHaveAccessibleName(/stopped/);
  await agent.idle();
});

test('a server asks for input during a call: its form, with its defaults, checks what is entered and answers the server; Decline answers too', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await addServer(cove, streamable.url, { approval: 'auto' });
  const agent = await agentWith(cove, provider);
  const tool = 'mcp_everything_trigger-elicitation-request';
  provider.script(
    { toolCalls: [{ id: 'c_form', name: tool, arguments: {} }] },
    { toolCalls: [{ id: 'c_again', name: tool, arguments: {} }] },
    { content: 'You gave your name, then declined the second form.' },
  );
  await agent.send('Ask me for my details');
  const form = cove.page.getByRole('region', { name: 'everything asks for information' });
  await expect(form).toContainText('Please provide inputs for the following fields:');
  // The schema's defaults are filled in.
  await expect(form.getByLabel('String with default')).toHaveValue(
    'It was a dark and stormy night.',
  );
  await expect(form.getByLabel('Integer', { exact: true })).toHaveValue('42');
  await expect(form.getByLabel('Titled Single Select Enum', { exact: true })).toHaveValue('hero-1');
  await expect(
    form
      .getByRole('group', { name: 'Titled Multiple Select Enum' })
      .getByLabel('Tuna', { exact: true }),
  ).toBeChecked();
  // Bad input is told field by field, and nothing is sent.
  await form.getByLabel('Integer', { exact: true }).fill('420');
  await form.getByLabel('String with email format').fill('not an address');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByLabel('String (required)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('This is required.');
  await expect(form).toContainText('Enter 100 or less.');
  await expect(form).toContainText('Enter an email address');
  await cove.page.screenshot({ path: 'test-results/mcp-elicitation.png' });
  await form.getByLabel('String (required)').fill('Ada Lovelace');
  await form.getByLabel('Integer', { exact: true }).fill('7');
  await form.getByLabel('String with email format').fill('ada@example.com');
  await form.getByRole('button', { name: 'Send' }).click();
  // The second call's form: declined.
  const second = cove.page.getByRole('region', { name: 'everything asks for information' });
  await expect(second.getByLabel('String (required)')).toHaveValue('');
  // With the assistant panel hidden, a notice says the server waits, and Open shows it.
  const assistantToggle = cove.page.getByRole('button', { name: 'Show assistant panel' });
  await assistantToggle.click();
  await expect(second).toBeHidden();
  const notice = cove.notices.getByText('everything asks for input.');
  await expect(notice).toBeVisible();
  await cove.page.screenshot({ path: test.info().outputPath('mcp-request-notice.png') });
  await cove.notices.getByRole('button', { name: 'Open' }).click();
  await expect(notice).toBeHidden();
  await expect(assistantToggle).toHaveAttribute('aria-pressed', 'true');
  await second.getByRole('button', { name: 'Decline' }).click();
  await expect(second).toHaveCount(0);
  await agent.idle();
  const first = toolResult(provider, 'c_form');
  expect(first).toContain('Name: Ada Lovelace');
  expect(first).toContain('Favorite Integer: 7');
  expect(first).toContain('Email: ada@example.com');
  // What was left as shown went back as shown (its default).
  expect(first).toContain('It was a dark and stormy night.');
  expect(toolResult(provider, 'c_again')).toContain('User declined');
});

test('a server asks the model for a reply: the person sees and edits the request, the model answers, and the reply goes back only when sent', async ({
  cove,
  provider,
}) => {
  test.setTimeout(120_000);
  await addServer(cove, streamable.url, { approval: 'auto' });
  const agent = await agentWith(cove, provider);
  provider.script(
    {
      toolCalls: [
        {
          id: 'c_sample',
          name: 'mcp_everything_trigger-sampling-request',
          arguments: { prompt: 'Write a haiku about tests', maxTokens: 50 },
        },
      ],
    },
    { content: 'Green bars in the night' },
    { content: 'The server got its haiku.' },
  );
  await agent.send('Let the server ask for a haiku');
  const panel = cove.page.getByRole('region', { name: 'everything asks the model for a reply' });
  await expect(panel.getByLabel('System prompt')).toHaveValue('You are a helpful test server.');
  const message = panel.getByRole('textbox', { name: /^Message 1/ });
  await expect(message).toHaveValue(/Write a haiku about tests/);
  // Nothing went to the model yet: only the agent's own request.
  expect(provider.chatRequests()).toHaveLength(1);
  await message.fill('Write a haiku about green tests');
  await panel.getByRole('button', { name: 'Ask the model' }).click();
  const reply = panel.getByRole('textbox', { name: 'Reply from chat-model' });
  await expect(reply).toHaveValue('Green bars in the night');
  // The model got the request as the person edited it, with the server's system prompt.
  const asked = JSON.stringify(provider.chatRequests()[1]!.body);
  expect(asked).toContain('Write a haiku about green tests');
  expect(asked).toContain('You are a helpful test server.');
  await cove.page.screenshot({ path: 'test-results/mcp-sampling.png' });
  await reply.fill('Green bars in the night, all passing');
  await panel.getByRole('button', { name: 'Send to everything' }).click();
  await expect(panel).toHaveCount(0);
  await agent.idle();
  const result = toolResult(provider, 'c_sample');
  expect(result).toContain('Green bars in the night, all passing');
  expect(result).toContain('"model": "chat-model"');
});

test('a server allowed to use the model is answered without review, each use is told, and Settings takes it back', async ({
  cove,
  provider,
}, testInfo) => {
  test.setTimeout(120_000);
  await addServer(cove, streamable.url, { approval: 'auto' });
  const settings = new McpSettings(cove);
  const allow = settings.server('everything').getByLabel(/ask the model without review/);
  await cove.openSettings();
  await expect(allow).not.toBeChecked();
  await allow.check();
  await cove.page.screenshot({ path: testInfo.outputPath('mcp-sampling-allowed.png') });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();

  const agent = await agentWith(cove, provider);
  const sample = (id: string) => ({
    toolCalls: [
      {
        id,
        name: 'mcp_everything_trigger-sampling-request',
        arguments: { prompt: 'Write a haiku about tests', maxTokens: 50 },
      },
    ],
  });
  provider.script(
    sample('c_allowed'),
    { content: 'Green bars in the night' },
    { content: 'Done.' },
  );
  await agent.send('Let the server ask for a haiku');
  await expect(
    cove.notices.getByText('everything used the model without review: “Green bars in the night”'),
  ).toBeVisible();
  await agent.idle();
  expect(toolResult(provider, 'c_allowed')).toContain('Green bars in the night');
  await cove.page.getByRole('button', { name: 'Logs', exact: true }).click();
  const logs = cove.page.getByRole('dialog', { name: 'Logs' });
  await expect(logs).toContainText('everything used the model without review');
  await logs.press('Escape');

  await cove.openSettings();
  await allow.uncheck();
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
  provider.script(sample('c_asked'), { content: 'Refused, then.' });
  await agent.send('Once more');
  const panel = cove.page.getByRole('region', { name: 'everything asks the model for a reply' });
  await panel.getByRole('button', { name: 'Refuse' }).click();
  await agent.idle();
  expect(provider.chatRequests()).toHaveLength(5);
});

test("a server that asks for Cove's roots gets the workspace, and what it logs is in the Logs panel under its name", async ({
  cove,
  provider,
}) => {
  await addServer(cove, streamable.url, { approval: 'auto' });
  const agent = await agentWith(cove, provider);
  provider.script(
    { toolCalls: [{ id: 'c_roots', name: 'mcp_everything_get-roots-list', arguments: {} }] },
    { content: 'Your workspace is the one root.' },
  );
  await agent.send('Which roots does the server see?');
  // The run's last words, before idle: a first run may start after Send still showed.
  await expect(agent.chat.replies.last()).toContainText('Your workspace is the one root.');
  await agent.idle();
  const roots = toolResult(provider, 'c_roots');
  expect(roots).toContain('Current MCP Roots (1 total)');
  expect(roots).toContain('1. Welcome');
  expect(roots).toContain('URI: file:///workspace');
  await cove.page.getByRole('button', { name: 'Logs', exact: true }).click();
  const logs = cove.page.getByRole('dialog', { name: 'Logs' });
  await expect(logs).toContainText('mcp everything');
  const rootsUpdated = logs
    .getByRole('row')
    .filter({ hasText: '[everything-server] Roots updated: 1 root(s) received from client' });
  await expect(rootsUpdated.first()).toBeVisible();
  // server-everything may ask twice at the start (at initialize and for the tool, at once).
  const before = await rootsUpdated.count();
  await logs.press('Escape');

  // Another workspace: the server is told its root changed and asks again for the roots.
  await cove.createWorkspace('Second');
  await cove.page.getByRole('button', { name: 'Logs', exact: true }).click();
  await expect(rootsUpdated).toHaveCount(before + 1);
});

test('a resource of the MCP server goes with a message, and a prompt fills the draft', async ({
  cove,
  provider,
}) => {
  await addServer(cove, streamable.url);
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  const menuButton = cove.page.getByRole('button', { name: 'MCP', exact: true });
  const menu = cove.page.getByRole('dialog', { name: 'MCP resources and prompts' });

  await menuButton.click();
  await menu.getByRole('button', { name: 'Attach features.md' }).click();
  await expect(menu).toBeHidden();
  const attached = cove.page.getByRole('list', { name: 'Attached resources' });
  await expect(attached).toContainText('everything: features.md');
  provider.script({ content: 'It lists the features.' });
  await agent.chat.ask('What does this document list?');
  await expect(attached).toBeHidden();
  const asked = JSON.stringify(provider.chatRequests().at(-1)!.body);
  expect(asked).toContain('Everything Server - Features');
  expect(asked).toContain('What does this document list?');

  await menuButton.click();
  await menu.getByRole('button', { name: 'Use prompt args-prompt' }).click();
  await expect(agent.chat.messageBox).toHaveValue('/everything:args-prompt city=');
  await agent.chat.messageBox.fill('/everything:args-prompt city=Paris');
  await agent.chat.messageBox.press('Enter');
  await expect(agent.chat.messageBox).toHaveValue("What's weather in Paris?");
  provider.script({ content: 'Sunny.' });
  await agent.chat.messageBox.press('Enter');
  await expect(agent.chat.replies.last()).toContainText('Sunny.');
  expect(JSON.stringify(provider.chatRequests().at(-1)!.body)).toContain(
    "What's weather in Paris?",
  );
});

test('a resource template of the MCP server is filled in and the resource it names goes with a message', async ({
  cove,
  provider,
}, testInfo) => {
  await addServer(cove, streamable.url);
  const agent = new AgentPanel(cove);
  await agent.connect(provider);
  const menu = cove.page.getByRole('dialog', { name: 'MCP resources and prompts' });
  await cove.page.getByRole('button', { name: 'MCP', exact: true }).click();
  await expect(menu.getByRole('list', { name: 'Resource templates of everything' })).toContainText(
    'demo://resource/dynamic/text/{resourceId}',
  );
  await menu.getByRole('button', { name: 'Fill in Dynamic Text Resource' }).click();

  const form = menu.getByRole('form', { name: 'Attach Dynamic Text Resource' });
  const resourceId = form.getByRole('textbox', { name: 'resourceId' });
  await expect(resourceId).toBeFocused();
  await resourceId.fill('7');
  await expect(form.getByLabel('Resource address')).toHaveText('demo://resource/dynamic/text/7');
  await cove.page.screenshot({ path: testInfo.outputPath('mcp-template-form.png') });
  await form.getByRole('button', { name: 'Attach' }).click();
  await expect(menu).toBeHidden();
  const attached = cove.page.getByRole('list', { name: 'Attached resources' });
  await expect(attached).toContainText('everything: Dynamic Text Resource (7)');

  provider.script({ content: 'It is resource 7.' });
  await agent.chat.ask('Which resource is this?');
  await expect(agent.chat.replies.last()).toContainText('It is resource 7.');
  const asked = JSON.stringify(provider.chatRequests().at(-1)!.body);
  expect(asked).toContain('Resource 7: This is a plaintext resource');
  expect(asked).toContain('uri=\\"demo://resource/dynamic/text/7\\"');
});

test('an attached resource that the server says changed is read again before it is sent', async ({
  cove,
  provider,
}) => {
  await addServer(cove, streamable.url, { approval: 'auto' });
  const agent = await agentWith(cove, provider);
  // server-everything reports changes of subscribed resources once this tool is called.
  provider.script(
    {
      toolCalls: [
        { id: 'c_toggle', name: 'mcp_everything_toggle-subscriber-updates', arguments: {} },
      ],
    },
    { content: 'Updates are on.' },
  );
  await agent.send('Turn on resource updates.');
  await agent.idle();
  expect(toolResult(provider, 'c_toggle')).toContain('Started simulated resource updated');

  const menu = cove.page.getByRole('dialog', { name: 'MCP resources and prompts' });
  await cove.page.getByRole('button', { name: 'MCP', exact: true }).click();
  await menu.getByRole('button', { name: 'Fill in Dynamic Text Resource' }).click();
  const form = menu.getByRole('form', { name: 'Attach Dynamic Text Resource' });
  await form.getByRole('textbox', { name: 'resourceId' }).fill('3');
  await form.getByRole('button', { name: 'Attach' }).click();
  const attached = cove.page.getByRole('list', { name: 'Attached resources' });
  await expect(attached).toContainText('everything: Dynamic Text Resource (3)');
  // The server's pace is 5 s.
  await expect(attached.getByText('updated', { exact: true })).toBeVisible({ timeout: 15_000 });

  provider.script({ content: 'Resource 3 it is.' });
  await agent.send('What is attached?');
  await agent.idle();
  await expect(attached).toBeHidden();
  expect(JSON.stringify(provider.chatRequests().at(-1)!.body)).toContain(
    'Resource 3: This is a plaintext resource',
  );
});

test('the older HTTP+SSE transport: Test says so, and an agent run calls echo over it', async ({
  cove,
  provider,
}) => {
  const settings = new McpSettings(cove);
  await cove.openSettings();
  await settings.add({ name: 'legacy', url: sse.url });
  const entry = await settings.test('legacy');
  await expect(settings.report(entry)).toContainText('HTTP+SSE');
  await expect(settings.report(entry).getByRole('list', { name: 'Tools' })).toContainText('echo');
  await settings.setApproval('legacy', 'auto');
  await cove.page.getByRole('button', { name: 'Close settings' }).click();

  const agent = await agentWith(cove, provider);
  provider.script(
    { toolCalls: [{ id: 'c_echo', name: 'mcp_legacy_echo', arguments: { message: 'over SSE' } }] },
    { content: 'It echoed over SSE.' },
  );
  await agent.send('Echo over SSE');
  await expect(agent.chip('mcp_legacy_echo')).toHaveAccessibleName(/done/);
  await agent.idle();
  expect(toolResult(provider, 'c_echo')).toContain('Echo: over SSE');
});

test('a server without CORS headers: Test tells the user what the server must allow', async ({
  cove,
}) => {
  const server = await startNoCorsServer();
  try {
    const settings = new McpSettings(cove);
    await cove.openSettings();
    await settings.add({ name: 'nocors', url: server.url });
    const entry = await settings.test('nocors');
    const alert = entry.getByRole('alert');
    await expect(alert).toContainText('CORS');
    await expect(alert).toContainText('Access-Control-Allow-Origin');
    await expect(alert).toContainText('mcp-session-id');
  } finally {
    await server.stop();
  }
});

test('an agent run starts without the tools of a server that cannot connect, and says so', async ({
  cove,
  provider,
}) => {
  const server = await startNoCorsServer();
  await server.stop();
  await addServer(cove, server.url, { name: 'gone' });
  const agent = await agentWith(cove, provider);
  provider.script({ content: 'Done without MCP.' });
  await agent.send('Hello');
  await expect(cove.notices).toContainText('The MCP server “gone” offers no tools in this run');
  await agent.idle();
  await expect(agent.chat.replies.last()).toContainText('Done without MCP.');
  const tools =
    (provider.chatRequests()[0]!.body as { tools?: { function: { name: string } }[] }).tools?.map(
      (tool) => tool.function.name,
    ) ?? [];
  expect(tools.some((name) => name.startsWith('mcp_'))).toBe(false);
});
