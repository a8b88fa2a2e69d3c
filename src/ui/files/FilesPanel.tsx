import { createSignal, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import { baseName } from '../../workspace/paths';
import { useDialogs } from '../common/dialogs';
import { downloadBytes, pickFiles } from '../common/download';
import { IconButton } from '../common/icons';
import { useI18n } from '../common/i18n';
import { Menu, type MenuItem } from '../common/Menu';
import type { Command } from '../../app/commands/command';
import { registerCommands } from '../command-palette/register-commands';
import type { ZipImportProgress } from '../../workspace/zip-import';
import { FileTree, type FileTreeCommands } from './FileTree';
import { ImportProgress } from './ImportProgress';
import { readPickedFiles } from './incoming-files';
import { createTreeViewState } from './tree-view-state';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';
import { downloadWorkspaceZip } from './workspace-zip-download';

/** The sidebar: which workspace, and its files with everything one can do to them. */
export function FilesPanel(props: { services: AppServices }) {
  const { workspaces, fileActions, notices, editor } = props.services;
  const dialogs = useDialogs();
  const { t } = useI18n();
  // Selection and expanded folders belong to each workspace, not to the panel.
  const view = createTreeViewState(() => workspaces.current()?.id, workspaces.entries);
  const [menu, setMenu] = createSignal<{
    items: MenuItem[];
    label: string;
    x: number;
    y: number;
    returnFocus?: HTMLElement;
  }>();

  const folderOfSelection = () => view.targetFolder();

  const commands: FileTreeCommands = {
    newFile(folder) {
      void dialogs.prompt({
        title: 'New file',
        label: folder ? `Name (in ${folder}/)` : 'Name',
        initial: '',
        confirmLabel: 'Create',
        submit: async (name) => {
          view.reveal(await fileActions.createFile(folder, name));
        },
      });
    },
    newFolder(folder) {
      void dialogs.prompt({
        title: 'New folder',
        label: folder ? `Name (in ${folder}/)` : 'Name',
        confirmLabel: 'Create',
        submit: async (name) => {
          view.reveal(await fileActions.createFolder(folder, name));
        },
      });
    },
    rename(path) {
      const name = baseName(path);
      const dot = name.lastIndexOf('.');
      void dialogs.prompt({
        title: `Rename or move ${name}`,
        label: 'New path (use / for folders)',
        initial: path,
        selectUntil: path.length - name.length + (dot > 0 ? dot : name.length),
        confirmLabel: 'Rename',
        submit: async (to) => {
          view.reveal(await fileActions.move(path, to));
        },
      });
    },
    remove(path) {
      const entry = workspaces.entries().find((e) => e.path === path);
      const inside = workspaces
        .entries()
        .filter((e) => e.path.startsWith(`${path}/`) && e.kind === 'file').length;
      void dialogs
        .confirm({
          title: `Delete ${baseName(path)}?`,
          message:
            entry?.kind === 'folder'
              ? `The folder "${path}" and the ${inside} ${inside === 1 ? 'file' : 'files'} in it will be deleted. This cannot be undone.`
              : `"${path}" will be deleted. This cannot be undone.`,
          confirmLabel: 'Delete',
          danger: true,
        })
        .then(async (answer) => {
          if (answer !== 'confirm') return;
          await fileActions.delete(path);
          view.select(undefined);
        });
    },
    download(path) {
      fileActions.fileBytes(path).then(
        ({ name, bytes }) => downloadBytes(name, bytes),
        (error) => notices.error(error, `Could not download ${path}`),
      );
    },
    openMenu(items, label, x, y, returnFocus) {
      setMenu({ items, label, x, y, returnFocus });
    },
  };

  async function upload(folder: boolean) {
    const picked = await pickFiles({ multiple: true, folder });
    if (!picked.length) return;
    const { files, refused } = await readPickedFiles(picked);
    await fileActions.importFiles(files, { into: folderOfSelection(), refused });
  }

  // One zip import at a time, shown above the tree with its progress and Cancel.
  const [importing, setImporting] = createSignal<{
    progress?: ZipImportProgress;
    cancel: AbortController;
  }>();

  async function importZip() {
    if (importing()) return;
    const [file] = await pickFiles({ accept: '.zip,application/zip' });
    if (!file) return;
    const cancel = new AbortController();
    setImporting({ cancel });
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      await fileActions.importZip(bytes, {
        into: folderOfSelection(),
        signal: cancel.signal,
        onProgress: (progress) => setImporting({ progress, cancel }),
      });
    } finally {
      setImporting(undefined);
    }
  }

  const exportZip = () => downloadWorkspaceZip(props.services);

  // The toolbar's buttons and the current file's menu actions by name, for the palette.
  const noWorkspace = () =>
    workspaces.current() ? undefined : 'Open or create a workspace first.';
  const noFile = () => noWorkspace() ?? (editor.activePath() ? undefined : 'No file is open.');
  const files = (
    id: string,
    title: string,
    run: () => unknown,
    disabled: () => string | undefined = noWorkspace,
  ): Command => ({
    id,
    title,
    category: 'Files',
    disabledReason: disabled,
    run,
  });
  registerCommands(props.services.commands, [
    files('files.newFile', 'New file…', () => commands.newFile(folderOfSelection())),
    files('files.newFolder', 'New folder…', () => commands.newFolder(folderOfSelection())),
    files('files.upload', 'Upload files…', () => upload(false)),
    files('files.uploadFolder', 'Upload folder…', () => upload(true)),
    files('files.importZip', 'Import a zip…', importZip),
    files('files.exportZip', 'Export the workspace as a zip (without git history)', exportZip),
    files('files.exportZipWithGit', 'Export the workspace as a zip, with its git history', () =>
      downloadWorkspaceZip(props.services, { includeGit: true }),
    ),
    files(
      'files.renameCurrent',
      'Rename or move the current file…',
      () => commands.rename(editor.activePath()!),
      noFile,
    ),
    files(
      'files.deleteCurrent',
      'Delete the current file…',
      () => commands.remove(editor.activePath()!),
      noFile,
    ),
  ]);

  return (
    <div class="files-panel">
      <WorkspaceSwitcher services={props.services} />
      <Show when={workspaces.current()}>
        <div class="panel-toolbar" role="toolbar" aria-label={t('files.actions')}>
          <span class="panel-title">{t('files.title')}</span>
          <IconButton
            label={t('files.newFile')}
            icon="new-file"
            onClick={() => commands.newFile(folderOfSelection())}
          />
          <IconButton
            label={t('files.newFolder')}
            icon="new-folder"
            onClick={() => commands.newFolder(folderOfSelection())}
          />
          <IconButton
            label={t('files.uploadFiles')}
            icon="upload"
            onClick={() => void upload(false)}
          />
          <IconButton
            label={t('files.uploadFolder')}
            icon="upload-folder"
            onClick={() => void upload(true)}
          />
          <IconButton
            label={t('files.importZip')}
            title={t('files.importZipTitle')}
            icon="zip"
            onClick={() => void importZip()}
          />
          <IconButton
            label={t('files.exportZip')}
            title={t('files.exportZipTitle')}
            icon="download"
            onClick={() => void exportZip()}
          />
        </div>
        <Show when={importing()}>
          {(job) => (
            <ImportProgress
              progress={job().progress}
              cancelling={job().cancel.signal.aborted}
              onCancel={() => {
                job().cancel.abort();
                setImporting({ ...job() });
              }}
            />
          )}
        </Show>
        <FileTree services={props.services} commands={commands} view={view} />
      </Show>
      <Show when={menu()} keyed>
        {(open) => <Menu {...open} onClose={() => setMenu(undefined)} />}
      </Show>
    </div>
  );
}
