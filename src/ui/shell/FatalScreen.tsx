import { createSignal, Show } from 'solid-js';
import type { BackupService, PendingRestore } from '../../app/backup-service';
import { CoveError } from '../../base/errors';
import { errorText } from '../../app/messages/describe-error';
import { downloadBytes, pickFiles } from '../common/download';

/**
 * Shown instead of the app when Cove cannot start, so there is never a blank page. When the
 * database opened, it is also the way out: everything stored can be downloaded as a backup,
 * and a backup can be restored, without the rest of Cove.
 *
 * It stays in English on purpose (listed in tests/unit/ui/i18n/no-literal-text.test.ts): it
 * shows when start failed, outside the language provider, often before the preferences that
 * name the chosen language could be read, and a German or Chinese catalog is a chunk that may
 * be the very thing that failed to load. English is in the first chunk, so it always shows.
 */
export function FatalScreen(props: { message: string; backups?: BackupService }) {
  return (
    <main class="fatal" role="alert" aria-labelledby="fatal-title">
      <h1 id="fatal-title">Cove could not start</h1>
      <p>{props.message}</p>
      <p>Your files are kept in this browser and were not changed.</p>
      <p>
        Reload to try again. If Cove still cannot start, report the message above (do not clear this
        site’s data: that would delete your work).
      </p>
      <button type="button" onClick={() => location.reload()}>
        Reload
      </button>
      <Show when={props.backups}>{(backups) => <Recovery backups={backups()} />}</Show>
    </main>
  );
}

type RecoveryState =
  | { step: 'idle' }
  | { step: 'working'; text: string }
  | { step: 'chosen'; name: string; pending: PendingRestore; error?: string }
  | { step: 'done'; text: string }
  | { step: 'failed'; text: string };

/** Download a backup of what is stored, or restore one, while the app itself cannot open. */
function Recovery(props: { backups: BackupService }) {
  const [state, setState] = createSignal<RecoveryState>({ step: 'idle' });
  const [passphrase, setPassphrase] = createSignal('');
  const working = () => state().step === 'working';
  const fail = (what: string, error: unknown) =>
    setState({ step: 'failed', text: `${what}: ${errorText(error)}` });

  const download = async () => {
    setState({ step: 'working', text: 'Making the backup…' });
    try {
      const { name, bytes } = await props.backups.create();
      downloadBytes(name, bytes, 'application/zip');
      setState({ step: 'done', text: `Downloaded ${name} (without API keys).` });
    } catch (error) {
      fail('The backup could not be made', error);
    }
  };

  const choose = async () => {
    const [file] = await pickFiles({ accept: '.zip,application/zip' });
    if (!file) return;
    setState({ step: 'working', text: `Checking ${file.name}…` });
    try {
      const pending = await props.backups.open(new Uint8Array(await file.arrayBuffer()));
      setPassphrase('');
      setState({ step: 'chosen', name: file.name, pending });
    } catch (error) {
      fail('Restore failed', error);
    }
  };

  const restore = async (chosen: { name: string; pending: PendingRestore }, withKeys: boolean) => {
    const { pending } = chosen;
    setState({ step: 'working', text: 'Restoring the backup…' });
    try {
      const result = await pending.restore(withKeys ? passphrase() : undefined);
      const keys = result.keys ? ' and the API keys' : '';
      setState({
        step: 'done',
        text: `Backup restored: ${count(result.workspaces, 'workspace')}, ${count(result.files, 'file')}${keys}. Reload to open Cove.`,
      });
    } catch (error) {
      if (error instanceof CoveError && error.code === 'wrong-passphrase') {
        setState({
          ...chosen,
          step: 'chosen',
          error:
            'That passphrase does not open the keys in this backup. Nothing was restored. Try again (it is case-sensitive), or restore without the keys.',
        });
        return;
      }
      fail('Restore failed', error);
    }
  };

  return (
    <section class="fatal-recovery" aria-labelledby="fatal-recovery-title">
      <h2 id="fatal-recovery-title">Keep your work safe</h2>
      <p>
        Download everything Cove has stored as a backup, or restore a backup made with “Download
        backup”. Rows Cove could not read are set aside, not deleted, and listed in Settings →
        Storage once Cove starts.
      </p>
      <div class="fatal-actions">
        <button type="button" disabled={working()} onClick={() => void download()}>
          Download a backup
        </button>
        <button type="button" disabled={working()} onClick={() => void choose()}>
          Restore a backup…
        </button>
      </div>
      <Show when={state().step === 'chosen' && state()} keyed>
        {(chosen) =>
          chosen.step === 'chosen' && (
            <form
              class="fatal-restore"
              aria-label="Restore this backup"
              onSubmit={(event) => {
                event.preventDefault();
                void restore(chosen, chosen.pending.hasKeys);
              }}
            >
              <p>
                “{chosen.name}”: {count(chosen.pending.workspaces, 'workspace')},{' '}
                {count(chosen.pending.files, 'file')}. Workspaces in it replace those with the same
                identity here; others stay.
              </p>
              <Show when={chosen.pending.hasKeys}>
                <label>
                  Passphrase for the API keys
                  <input
                    type="password"
                    autocomplete="off"
                    value={passphrase()}
                    onInput={(event) => setPassphrase(event.currentTarget.value)}
                  />
                </label>
              </Show>
              <Show when={chosen.error}>{(error) => <p role="alert">{error()}</p>}</Show>
              <div class="fatal-actions">
                <button type="submit">Restore</button>
                <Show when={chosen.pending.hasKeys}>
                  <button type="button" onClick={() => void restore(chosen, false)}>
                    Restore without keys
                  </button>
                </Show>
              </div>
            </form>
          )
        }
      </Show>
      <Show when={state().step !== 'idle' && state().step !== 'chosen' && state()} keyed>
        {(shown) =>
          'text' in shown && (
            <p role={shown.step === 'failed' ? 'alert' : 'status'} class={`fatal-${shown.step}`}>
              {shown.text}
            </p>
          )
        }
      </Show>
    </section>
  );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
