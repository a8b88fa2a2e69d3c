import { For, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { useDialogs } from '../common/dialogs';
import { Icon } from '../common/icons';

/** Choose, create, rename and delete workspaces. */
export function WorkspaceSwitcher(props: { services: AppServices }) {
  const { workspaces, editor, notices } = props.services;
  const dialogs = useDialogs();

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

  return (
    <div class="workspace-switcher">
      <Show
        when={workspaces.workspaces().length}
        fallback={
          <div class="empty-state">
            <p>No workspace yet.</p>
            <button type="button" class="button primary" onClick={() => void create()}>
              Create a workspace
            </button>
          </div>
        }
      >
        <label class="visually-hidden" for="workspace-select">
          Workspace
        </label>
        <select
          id="workspace-select"
          value={workspaces.current()?.id ?? ''}
          onChange={(event) => void switchTo(event.currentTarget.value)}
        >
          <For each={[...workspaces.workspaces()].sort((a, b) => a.name.localeCompare(b.name))}>
            {(w) => <option value={w.id}>{w.name}</option>}
          </For>
        </select>
        <button
          type="button"
          class="icon-button"
          aria-label="New workspace"
          title="New workspace"
          onClick={() => void create()}
        >
          <Icon name="plus" />
        </button>
        <button
          type="button"
          class="icon-button"
          aria-label="Rename workspace"
          title="Rename workspace"
          onClick={rename}
        >
          <Icon name="edit" />
        </button>
        <button
          type="button"
          class="icon-button"
          aria-label="Delete workspace"
          title="Delete workspace"
          onClick={() => void remove()}
        >
          <Icon name="trash" />
        </button>
      </Show>
    </div>
  );
}
