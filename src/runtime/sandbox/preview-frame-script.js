// Cove's live preview frame: an iframe with sandbox="allow-scripts" (an opaque origin: no
// access to Cove's IndexedDB, Cache Storage, localStorage or page) whose Content-Security-
// Policy allows connections only as Settings → Python → Network does. This script is
// inlined into it (src/runtime/sandbox/preview-frame.ts) and its hash is in index.html's
// policy, which the srcdoc frame inherits: that inherited policy runs no inline script but
// this one, so the page's scripts arrive as text and run from blob: URLs made here.
//
// It accepts one message from the page (the document and a MessagePort), reports the
// page's console, uncaught errors, unhandled rejections and refused loads on that port,
// writes the document into the frame and says when it has loaded. Nothing else reaches
// the page: it listens on no other channel and the page reads only that port.
'use strict';
(function () {
  var apply = Reflect.apply;
  var post = MessagePort.prototype.postMessage;
  var createUrl = URL.createObjectURL;
  var slice = Array.prototype.slice;
  var NativeBlob = Blob;
  var NativeResponse = Response;
  var NativeRequest = Request;
  var NativeUrl = URL;
  var nativeFetch = window.fetch;
  var stringify = JSON.stringify;
  var toText = String;
  // Characters of one message; the page cuts again and keeps a bounded number of them.
  var LIMIT = 4000;
  var port;
  var names = [];
  var loaded = false;
  var scrollTimer = 0;

  function send(message) {
    if (port) apply(post, port, [message]);
  }

  // Script URLs read as the files they came from ("app.js:3:7", not "blob:null/…:3:7").
  function named(text) {
    for (var i = 0; i < names.length; i++) text = text.split(names[i][0]).join(names[i][1]);
    return text;
  }

  function cut(text) {
    return text.length > LIMIT ? text.slice(0, LIMIT) + '… (' + text.length + ' characters)' : text;
  }

  function describe(value, depth) {
    try {
      if (typeof value === 'string') return depth ? stringify(value) : value;
      if (value === null || typeof value !== 'object') {
        if (typeof value === 'function') return 'ƒ ' + (value.name || 'anonymous') + '()';
        if (typeof value === 'symbol') return value.toString();
        return toText(value);
      }
      if (value instanceof Error) {
        var stack = toText(value.stack || '');
        var head = toText(value.name || 'Error') + ': ' + toText(value.message);
        return stack.indexOf(toText(value.message)) >= 0
          ? stack
          : head + (stack ? '\n' + stack : '');
      }
      if (typeof Node === 'function' && value instanceof Node) {
        if (value.nodeType !== 1) return '#' + toText(value.nodeName).toLowerCase();
        return (
          '<' +
          value.localName +
          (value.id ? '#' + value.id : '') +
          (value.className && typeof value.className === 'string'
            ? '.' + value.className.trim().split(/\s+/).join('.')
            : '') +
          '>'
        );
      }
      if (depth >= 3) return Array.isArray(value) ? '[…]' : '{…}';
      var parts = [];
      if (Array.isArray(value)) {
        for (var i = 0; i < value.length && i < 100; i++) parts.push(describe(value[i], depth + 1));
        if (value.length > 100) parts.push('… ' + (value.length - 100) + ' more');
        return '[' + parts.join(', ') + ']';
      }
      var keys = Object.keys(value);
      for (var k = 0; k < keys.length && k < 50; k++) {
        parts.push(keys[k] + ': ' + describe(value[keys[k]], depth + 1));
      }
      if (keys.length > 50) parts.push('… ' + (keys.length - 50) + ' more');
      var kind = value.constructor && value.constructor.name;
      return (kind && kind !== 'Object' ? kind + ' ' : '') + '{' + parts.join(', ') + '}';
    } catch (error) {
      return '(a value Cove could not show)';
    }
  }

  function report(level, text) {
    send({ type: 'console', level: level, text: cut(named(text)) });
  }

  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      var args = apply(slice, arguments, []);
      var text = '';
      for (var i = 0; i < args.length; i++) text += (i ? ' ' : '') + describe(args[i], 0);
      report(level, text);
      if (typeof original === 'function') return apply(original, console, args);
    };
  });

  // No policy covers WebRTC: a peer connection reaches any STUN or TURN server it names.
  // Unless the network setting allows any host, the page gets a constructor that refuses.
  function refuseWebRtc() {
    ['RTCPeerConnection', 'webkitRTCPeerConnection'].forEach(function (name) {
      if (!(name in window)) return;
      var refuse = function () {
        var message =
          "Cove blocked a WebRTC connection: the preview's network follows Settings → Python → Network.";
        report('error', message);
        throw new TypeError(message);
      };
      Object.defineProperty(window, name, { value: refuse, configurable: false, writable: false });
    });
  }

  // The page has no server: a fetch of a workspace file its scripts name (data.json) is
  // answered from the copy the page sent, by the name as written or that name resolved
  // against the document. Anything else goes to the network, under the frame's policy.
  function serveFiles(served) {
    var files = new Map();
    for (var i = 0; i < served.length; i++) {
      var file = served[i];
      files.set(file.name, file);
      try {
        files.set(new NativeUrl(file.name, document.baseURI).href, file);
      } catch (error) {
        // A name that is no URL here is matched as written only.
      }
    }
    window.fetch = function fetch(input, init) {
      var method = toText(
        (init && init.method) || (input instanceof NativeRequest ? input.method : 'GET'),
      );
      var address =
        input instanceof NativeRequest
          ? input.url
          : input instanceof NativeUrl
            ? input.href
            : toText(input);
      var file = files.get(address.split(/[?#]/)[0]);
      if (!file || (method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD')) {
        return apply(nativeFetch, window, arguments);
      }
      var body =
        method.toUpperCase() === 'HEAD'
          ? null
          : new NativeBlob([file.content], { type: file.type });
      return Promise.resolve(
        new NativeResponse(body, { status: 200, headers: { 'content-type': file.type } }),
      );
    };
  }

  function finish() {
    if (loaded) return;
    loaded = true;
    send({ type: 'loaded' });
  }

  // document.open() removes every listener of the window and document: these go on after it.
  function listen(scroll) {
    addEventListener('error', function (event) {
      if (event.target !== window) return; // a failed <img> or <script> load: not an exception
      var where = event.filename ? ' (' + event.filename + ':' + event.lineno + ')' : '';
      report(
        'error',
        'Uncaught ' +
          (event.error !== undefined ? describe(event.error, 0) : event.message) +
          where,
      );
    });
    addEventListener('unhandledrejection', function (event) {
      report('error', 'Uncaught (in promise) ' + describe(event.reason, 0));
    });
    // The policy is in the document twice (the frame's first document and the page's
    // own head), so one refusal comes as two events of the same task: say it once.
    var lastBlocked = '';
    document.addEventListener('securitypolicyviolation', function (event) {
      var url = cut(named(toText(event.blockedURI || '')));
      var directive = toText(event.effectiveDirective || event.violatedDirective || '');
      if (url + ' ' + directive === lastBlocked) return;
      lastBlocked = url + ' ' + directive;
      setTimeout(function () {
        lastBlocked = '';
      }, 0);
      send({ type: 'blocked', url: url, directive: directive });
    });
    // Links to other files of the workspace open in the preview, not in this frame (whose
    // address is Cove's page: a relative link would load Cove itself).
    document.addEventListener('click', function (event) {
      var target = event.target;
      var link = target && target.closest ? target.closest('a[href]') : null;
      if (!link || event.defaultPrevented) return;
      var href = link.getAttribute('href') || '';
      if (href.charAt(0) === '#' || /^[a-z][a-z0-9+.-]*:/i.test(href)) return;
      event.preventDefault();
      send({ type: 'navigate', href: cut(href) });
    });
    addEventListener(
      'scroll',
      function () {
        if (scrollTimer) return;
        scrollTimer = setTimeout(function () {
          scrollTimer = 0;
          send({ type: 'scroll', x: scrollX, y: scrollY });
        }, 200);
      },
      { passive: true },
    );
    var done = function () {
      if (loaded) return;
      if (scroll) scrollTo(scroll.x, scroll.y);
      finish();
    };
    addEventListener('load', done);
    // A rewritten document may not fire load again in every browser: its ready state
    // still turns complete, and a page whose resources never settle counts as loaded a few
    // seconds after its markup was read.
    document.addEventListener('readystatechange', function () {
      if (document.readyState === 'complete') done();
    });
    document.addEventListener('DOMContentLoaded', function () {
      setTimeout(done, 3000);
    });
  }

  addEventListener('message', function init(event) {
    var data = event.data;
    if (event.source !== parent || !data || data.type !== 'cove-preview-init') return;
    if (!event.ports[0]) return;
    removeEventListener('message', init);
    port = event.ports[0];
    if (!data.webRtc) refuseWebRtc();
    if (data.served && data.served.length) serveFiles(data.served);
    var urls = [];
    var scripts = data.scripts || [];
    for (var i = 0; i < scripts.length; i++) {
      var script = scripts[i];
      var text = script.text;
      // Each import points at a script made before this one; splice from the end.
      for (var j = script.imports.length - 1; j >= 0; j--) {
        var found = script.imports[j];
        text = text.slice(0, found.start) + urls[found.script] + text.slice(found.end);
      }
      var url = createUrl(new NativeBlob([text], { type: 'text/javascript' }));
      urls.push(url);
      names.push([url, script.name]);
    }
    var html = '';
    for (var p = 0; p < data.parts.length; p++) {
      var part = data.parts[p];
      html += typeof part === 'number' ? ' src="' + urls[part] + '"' : part;
    }
    document.open();
    listen(data.scroll);
    document.write(html);
    document.close();
    // A document without anything to wait for may be complete before a listener runs.
    if (document.readyState === 'complete') setTimeout(finish, 0);
  });
})();
