// Cove's sandbox frame: an iframe with sandbox="allow-scripts" (an opaque origin, so no
// access to Cove's IndexedDB, Cache Storage, localStorage or page) whose Content-Security-
// Policy allows no connection unless the person allowed one. This script is inlined into
// it (src/runtime/sandbox/sandbox-frame.ts) and its hash is in index.html's policy: it
// accepts one message from the page, starts the Python worker from the code in it, hands
// the worker its channel to the page, and then listens only to the page's control port.
'use strict';
addEventListener('message', function init(event) {
  var data = event.data;
  if (event.source !== parent || !data || data.type !== 'cove-sandbox-init') return;
  removeEventListener('message', init);
  var control = event.ports[0];
  var fail = function (message) {
    control.postMessage({ type: 'error', message: String(message || '') });
  };
  var worker;
  try {
    worker = new Worker('data:text/javascript;charset=utf-8,' + encodeURIComponent(data.code), {
      type: 'module',
      name: 'cove-python',
    });
  } catch (error) {
    fail(error && error.message);
    return;
  }
  worker.onerror = function (error) {
    error.preventDefault();
    fail(error.message || 'the Python worker stopped with an error');
  };
  worker.onmessageerror = function () {
    fail('a message from the Python worker was unreadable');
  };
  // The worker talks to Cove only through its ports; what it posts here is ignored.
  worker.onmessage = function () {};
  worker.postMessage({ type: data.connectType, channel: event.ports[1] }, [event.ports[1]]);
  control.onmessage = function (message) {
    if (message.data && message.data.type === 'terminate') worker.terminate();
  };
  control.postMessage({ type: 'started' });
});
