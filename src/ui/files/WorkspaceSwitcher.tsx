import { createEffect, createMemo, For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { useDialogs } from '../common/dialogs';
import { IconButton } from '../common/icons';
import { useI18n } from '../common/i18n';
import { registerCommands } from '../command-palette/register-commands';

/** Choose, create, rename and delete workspaces. */
export function WorkspaceSwitcher(props: { services: AppServices }) {
  const { workspaces, editor, notices } = props.services;
  const dialogs = useDialogs();
  const { t } = useI18n();
  const sorted = createMemo(() =>
    [...workspaces.workspaces()].sort((a, b) => a.name.localeCompare(b.name)),
  );
  let select: HTMLSelectElement | undefined;
  // The picker shows the open workspace. Setting `value` in a render effect is not enough:
  // it can run before the <For> below has inserted a new workspace's option, and a value
  // with no matching option leaves nothing selected, so the browser shows the first option.
  // A (user) effect runs after the options are in place, on every change of either.
  createEffect(() => {
    const id = workspaces.current()?.id ?? '';
    sorted();
    if (select && select.value !== id) select.value = id;
  });

  const switchTo = async (id: string) => {
    await editor.saveAll();
    await workspaces.open(id);
    await editor.restoreTabs();
  };

  const create = () =>
    dialogs.prompt({
      title: 'New workspace',
      label: 'Name',
      confirmLabel: 'Create',
      submit: async (name) => {
        await editor.saveAll();
        await workspaces.create(name);
        await editor.restoreTabs();
      },
    });

  const rename = () => {
    const current = workspaces.current();
    if (!current) return;
    void dialogs.prompt({
      title: 'Rename workspace',
      label: 'Name',
      initial: current.name,
      confirmLabel: 'Rename',
      submit: (name) => workspaces.rename(current.id, name),
    });
  };

  const remove = async () => {
    const current = workspaces.current();
    if (!current) return;
    const answer = await dialogs.confirm({
      title: `Delete workspace "${current.name}"?`,
      message:
        'Every file in it will be deleted from this browser. This cannot be undone; export it as a .zip first if you may need it.',
      confirmLabel: 'Delete workspace',
      danger: true,
    });
    if (answer !== 'confirm') return;
    try {
      await workspaces.delete(current.id);
      await editor.restoreTabs();
    } catch (error) {
      notices.error(error, 'Could not delete the workspace');
    }
  };

  // The buttons by name for the palette, and one command per other workspace, so the
  // keyboard goes to any of them from Ctrl/Cmd+Shift+P.
  const noWorkspace = () => (workspaces.current() ? undefined : 'No workspace is open.');
  registerCommands(props.services.commands, () => [
    { id: 'workspace.new', title: 'New workspace…', category: 'Workspace', run: create },
    {
      id: 'workspace.rename',
      title: 'Rename workspace…',
      category: 'Workspace',
      disabledReason: noWorkspace,
      run: rename,
    },
    {
      id: 'workspace.delete',
      title: 'Delete workspace…',
      category: 'Workspace',
      disabledReason: noWorkspace,
      run: remove,
    },
    ...sorted()
      .filter((workspace) => workspace.id !== workspaces.current()?.id)
      .map((workspace) => ({
        id: `workspace.open.${workspace.id}`,
        title: `Switch to workspace “${workspace.name}”`,
        category: 'Workspace',
        run: () => switchTo(workspace.id),
      })),
  ]);

  return (
    <div class="workspace-switcher">
      <Show
        when={workspaces.workspaces().length}
        fallback={
          <div class="empty-state">
            <p>{t('files.noWorkspace')}</p>
            <button type="button" class="button primary" onClick={() => void create()}>
              {t('files.createWorkspace')}
            </button>
          </div>
        }
      >
        <label class="visually-hidden" for="workspace-select">
          {t('files.workspace')}
        </label>
        <select
          id="workspace-select"
          ref={select}
          onChange={(event) => void switchTo(event.currentTarget.value)}
        >
          <For each={sorted()}>{(w) => <option value={w.id}>{w.name}</option>}</For>
        </select>
        <IconButton label={t('files.newWorkspace')} icon="plus" onClick={() => void create()} />
        <IconButton label={t('files.renameWorkspace')} icon="edit" onClick={rename} />
        <IconButton label={t('files.deleteWorkspace')} icon="trash" onClick={() => void remove()} />
      </Show>
    </div>
  );
}
