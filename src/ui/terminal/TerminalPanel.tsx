import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { createEffect, on, onCleanup, onMount } from 'solid-js';
import { errorText } from '../../app/messages/describe-error';
import type { AppServices } from '../../app/services';
import { LineEditor } from './line-editor';
import { terminalTheme } from './terminal-theme';
import './terminal.css';

const RED = '\x1b[31m';
const CYAN = '\x1b[36m';
const DIM = '\x1b[90m';
const RESET = '\x1b[0m';

/** xterm's one line feed, for text from the shell that has bare "\n". */
const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

/**
 * The terminal: xterm.js showing the workspace's shell (TerminalService), with Cove's line
 * editor in front of it. Loaded with the panel's first showing, so xterm stays off the
 * first page. Screen-reader mode is on: xterm then keeps the visible rows as a list of
 * text, which assistive technology (and the end-to-end tests) read, and its input is named
 * "Terminal".
 */
export function TerminalPanel(props: { services: AppServices; dark: () => boolean }) {
  const { terminal: service, workspaces } = props.services;
  let host!: HTMLDivElement;

  onMount(() => {
    Terminal.strings.promptLabel = 'Terminal';
    const term = new Terminal({
      screenReaderMode: true,
      fontFamily: getComputedStyle(host).getPropertyValue('--font-code').trim() || 'monospace',
      fontSize: 13,
      cursorBlink: true,
      scrollback: 5000,
      theme: terminalTheme(getComputedStyle(document.documentElement)),
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(host);
    const refit = () => {
      // A hidden panel has no size; fitting it would give the terminal one column.
      if (host.clientWidth > 0 && host.clientHeight > 0) fit.fit();
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(host);

    const editor = new LineEditor({
      prompt: () => `${CYAN}${service.cwd()}${RESET} $ `,
      history: () => service.history(),
      complete: (line, cursor) => service.complete(line, cursor),
      columns: () => term.cols,
    });
    /** Whether the screen's cursor is at the start of a line (to put the prompt there). */
    let atLineStart = true;
    // A command's output may arrive after the panel closed (the panel hidden mid-run).
    let disposed = false;
    const print = (text: string, colour = '') => {
      if (!text || disposed) return;
      term.write(colour ? `${colour}${crlf(text)}${RESET}` : crlf(text));
      // `clear` ends with the cursor sent home: the prompt goes there.
      atLineStart = text.endsWith('\n') || text.endsWith('\x1b[H');
    };
    const newPrompt = () => {
      if (disposed) return;
      term.write(`${atLineStart ? '' : '\r\n'}${editor.start()}`);
      atLineStart = false;
    };

    /** True from Enter until the next prompt (the service's `running` starts a tick later). */
    let busy = false;
    const submit = async (line: string) => {
      busy = true;
      atLineStart = true;
      if (line.trim()) {
        try {
          await service.run(line, (stream, text) => print(text, stream === 'stderr' ? RED : ''));
        } catch (error) {
          print(`${errorText(error)}\n`, RED);
        }
      }
      busy = false;
      newPrompt();
      // What was typed meanwhile goes to the new line; a line it submits runs next, and the
      // keys after it wait for that one.
      const pending = typedAhead;
      typedAhead = [];
      for (const data of pending) onData(data);
    };

    // Ctrl+C over a selection copies it, as terminals do; without one it stops or clears.
    term.attachCustomKeyEventHandler(
      (event) =>
        !(event.type === 'keydown' && event.ctrlKey && event.key === 'c' && term.hasSelection()),
    );
    /** Keys typed while a command ran, for the next prompt (as a terminal types ahead). */
    let typedAhead: string[] = [];
    const onData = (data: string) => {
      if (busy) {
        // Ctrl+C stops the command (Python included) and drops what was typed ahead.
        if (data === '\x03') {
          typedAhead = [];
          term.write('^C');
          service.interrupt();
        } else typedAhead.push(data);
        return;
      }
      const result = editor.input(data);
      if (result.write) term.write(result.write);
      if (result.submit === undefined) return;
      // The next lines of a paste wait for this command, as keys typed meanwhile do.
      if (result.rest) typedAhead.push(result.rest);
      void submit(result.submit);
    };
    const input = term.onData(onData);
    print(
      'Bash over this workspace: files you write appear in the tree. python and pip run in ' +
        "Cove's Python; there is no network. Ctrl+C stops a command.\n",
      DIM,
    );
    newPrompt();
    // The shell loads in the background; the prompt shows the workspace's own folder then.
    void service.prepare().catch((error: unknown) => print(`\n${errorText(error)}\n`, RED));

    // Another workspace: its own session, history and folder, on a new prompt.
    createEffect(
      on(
        () => workspaces.current()?.id,
        () => {
          if (!busy) {
            void service.prepare().then(
              () => {
                atLineStart = false;
                newPrompt();
              },
              (error: unknown) => print(`\n${errorText(error)}\n`, RED),
            );
          }
        },
        { defer: true },
      ),
    );
    createEffect(
      on(
        props.dark,
        // After the shell's own effect has switched the page's theme attribute.
        () =>
          requestAnimationFrame(() => {
            if (!disposed)
              term.options.theme = terminalTheme(getComputedStyle(document.documentElement));
          }),
        { defer: true },
      ),
    );
    createEffect(
      on(service.focusRequests, (requests) => {
        if (requests > 0) {
          refit();
          term.focus();
        }
      }),
    );

    onCleanup(() => {
      disposed = true;
      input.dispose();
      observer.disconnect();
      term.dispose();
    });
  });

  return <div class="terminal-host" ref={host} />;
}
