import type { AgentSettings } from '../../src/agent/agent-settings';
import type { AgentPython } from '../../src/app/agent-toolbox';
import { startChat } from './start-chat';
import { createEditorService, type BufferHost } from '../../src/app/editor-service';
import { createNoticeService } from '../../src/app/notice-service';
import { createMemorySessionLocks } from '../../src/app/session-locks';
import { createWorkspaceService } from '../../src/app/workspace-service';
import { ManualClock } from '../../src/base/clock';
import { makeScriptedChatClient, type ScriptStep } from '../../src/llm';
import type { CoveStore } from '../../src/store/cove-store';
import { WorkspaceCatalog } from '../../src/workspace/workspace-catalog';
import { fakeProviderService } from './provider-service';

/**
 * The app's chat and agent services over `store`, with a scripted model: what the chat
 * panel talks to, without the page. A second call over the same store is a reload.
 */
export async function openChatApp(
  store: CoveStore,
  steps: ScriptStep[] = [],
  options: { python?: AgentPython; agentSettings?: () => AgentSettings } = {},
) {
  const clock = new ManualClock(Date.UTC(2026, 11, 3));
  const notices = createNoticeService(clock);
  const workspaces = createWorkspaceService(
    new WorkspaceCatalog(store, clock),
    store.settings,
    store.changes,
  );
  await workspaces.start();
  const editor = createEditorService({ workspaces, settings: store.settings, notices, clock });
  const client = makeScriptedChatClient(steps, { clock });
  const chat = startChat({
    store,
    workspaces,
    editor,
    providers: fakeProviderService(),
    client,
    clock,
    locks: createMemorySessionLocks(),
    notices,
    ...(options.python ? { agentPython: options.python } : {}),
    ...(options.agentSettings ? { agentSettings: options.agentSettings } : {}),
  });
  await chat.start();
  return { chat, client, workspaces, editor, notices, store, clock };
}

export type ChatApp = Awaited<ReturnType<typeof openChatApp>>;

/** A stand-in for CodeMirror: one text per open path; `insert` appends. */
export class FakeBuffers implements BufferHost {
  texts = new Map<string, string>();
  read = (path: string) => this.texts.get(path);
  holds = (path: string, text: string) => this.texts.get(path) === text;
  replace = (path: string, text: string) => void this.texts.set(path, text);
  selection = () => undefined;
  reveal = () => undefined;
  markProblems = () => undefined;
  insert = (path: string, text: string) => {
    this.texts.set(path, (this.texts.get(path) ?? '') + text);
    return true;
  };
}
