/**
 * The English of the workspace's errors (src/workspace/workspace-errors.ts), from their
 * params. `variant` names which sentence of a code fits; the other params are what the
 * sentence names (a path, already shortened and printable; a name; a limit; a size in
 * bytes). The codes the workspace shares with the store (`exists`, `missing`, `conflict`,
 * `backup-invalid`) are worded in ./store-messages.ts, the workspace's variants included.
 */
import { formatBytes } from '../../workspace/file-content';
import type { WorkspaceErrorCode } from '../../workspace/workspace-errors';
import { storeMessages } from './store-messages';
import { num, text, type ErrorParams, type Wording } from './wording';

const variant = (p: ErrorParams) => text(p, 'variant');
const quoted = (p: ErrorParams, key: string) => `"${text(p, key) ?? ''}"`;
/** A number as the sentence shows it: plain digits (4096), as the checks always wrote it. */
const digits = (p: ErrorParams, key: string) => String(num(p, key) ?? '');
const bytes = (p: ErrorParams, key: string) => formatBytes(num(p, key) ?? 0);
const has = (p: ErrorParams, key: string) => p[key] !== undefined;

const BIDI_HINT = 'Remove it: type the name again without right-to-left marks or overrides.';

/** What is wrong with a refused path, after the path itself: `"a\\b" contains a backslash.` */
const PATH_PROBLEMS: Readonly<
  Record<string, (p: ErrorParams) => { problem: string; hint: string }>
> = {
  nul: () => ({ problem: 'contains a NUL character.', hint: 'Remove it from the name.' }),
  // A name a script wrote that the workspace would store under another spelling.
  'not-normal': () => ({ problem: 'is not a normal name.', hint: '' }),
  'control-character': () => ({
    problem: 'contains a control character.',
    hint: 'Use visible characters only.',
  }),
  'bidi-control': (p) => ({
    problem: `contains an invisible bidirectional control (${text(p, 'control') ?? ''}), which makes a name display differently from what it is.`,
    hint: BIDI_HINT,
  }),
  backslash: () => ({ problem: 'contains a backslash.', hint: 'Separate folders with "/".' }),
  absolute: () => ({
    problem: 'is an absolute path.',
    hint: 'Paths are relative to the workspace root, e.g. "src/main.py".',
  }),
  'path-too-long': (p) => ({
    problem: `is longer than ${digits(p, 'limit')} characters.`,
    hint: 'Use a shorter path.',
  }),
  'empty-folder-name': () => ({
    problem: 'has an empty folder name ("//").',
    hint: 'Remove the extra "/".',
  }),
  'only-spaces': () => ({
    problem: 'has a name made only of spaces.',
    hint: 'Type a name with visible characters.',
  }),
  'space-at-edge': () => ({
    problem: 'has a name that starts or ends with a space.',
    hint: 'Remove the spaces at the start or end of the name.',
  }),
  outside: () => ({
    problem: 'points outside the workspace ("..").',
    hint: 'Use a path inside the workspace, without "..".',
  }),
  'name-too-long': (p) => ({
    problem: `has a name longer than ${digits(p, 'limit')} characters.`,
    hint: 'Use a shorter name.',
  }),
  'git-folder': () => ({
    problem: "is inside .git, git's own folder, which Cove keeps out of file operations.",
    hint: 'Use the Source Control panel, or the git_status, git_diff, git_log and git_commit tools, to work with the repository.',
  }),
  slash: () => ({
    problem: 'contains "/".',
    hint: 'A name cannot contain "/"; use Move to change folders.',
  }),
};

/** The workspace's own codes, and the store's (which it passes through). */
export const workspaceMessages = {
  ...storeMessages,
  'bad-name': (p) => {
    switch (variant(p)) {
      case 'empty':
        return { message: 'A workspace needs a name.', hint: 'Type a name.' };
      case 'too-long':
        return {
          message: `That name is longer than ${digits(p, 'limit')} characters.`,
          hint: 'Use a shorter name.',
        };
      case 'control-character':
        return {
          message: 'That name contains a control character.',
          hint: 'Use visible characters only.',
        };
      case 'bidi-control':
        return {
          message: `That name contains an invisible bidirectional control (${text(p, 'control') ?? ''}), which makes it display differently from what it is.`,
          hint: BIDI_HINT,
        };
      default:
        return { message: 'That name cannot be used.', hint: 'Choose another name.' };
    }
  },
  'bad-path': (p) => {
    const name = variant(p);
    if (name === 'empty') {
      return { message: 'A name is needed.', hint: 'Type a file or folder name.' };
    }
    const problem = name !== undefined && Object.hasOwn(PATH_PROBLEMS, name);
    if (!problem) {
      return {
        message: 'That path cannot be used in a workspace.',
        hint: 'Use a relative path without “..”.',
      };
    }
    const said = PATH_PROBLEMS[name]!(p);
    return { message: `${quoted(p, 'path')} ${said.problem}`, hint: said.hint };
  },
  'is-folder': (p) => {
    switch (variant(p)) {
      case 'write':
        return {
          message: `${quoted(p, 'path')} is a folder.`,
          hint: 'Choose a file name instead.',
        };
      case 'rewind':
        return {
          message: `${quoted(p, 'path')} is a folder now, so the file cannot be put back there.`,
          hint: 'Move or delete the folder, then rewind again.',
        };
      default:
        return { message: 'That is a folder, not a file.', hint: 'Choose a file.' };
    }
  },
  'not-a-folder': (p) =>
    has(p, 'folder')
      ? {
          message: `${quoted(p, 'folder')} is a file, so ${quoted(p, 'path')} cannot be created inside it.`,
          hint: 'Choose another folder or rename the file.',
        }
      : { message: 'That is a file, not a folder.', hint: 'Choose a folder.' },
  'move-into-itself': (p) =>
    has(p, 'name')
      ? {
          message: `${quoted(p, 'name')} cannot be moved into itself.`,
          hint: 'Choose a folder outside it.',
        }
      : { message: 'A folder cannot be moved into itself.', hint: 'Choose another place.' },
  'too-large': (p) =>
    has(p, 'path')
      ? {
          message: `${quoted(p, 'path')} is ${bytes(p, 'size')}, over the ${bytes(p, 'limit')} limit for one file.`,
          hint: 'Split it into smaller files.',
        }
      : { message: 'That file is too large for a workspace.', hint: 'Use a smaller file.' },
  'search-pattern': (p) => ({
    message: `The regular expression is invalid: ${String(p.reason ?? 'unknown reason')}.`,
    hint: 'Patterns use RE2 syntax (no backreferences or lookaround); fix it, or turn off "Use regular expression".',
  }),
  'git-no-repository': () => ({
    message: 'This workspace has no git repository.',
    hint: 'Open Source Control and choose "Initialize repository".',
  }),
  'git-no-author': () => ({
    message: 'A commit needs an author name and email.',
    hint: 'Set them in Settings → Git, then commit again.',
  }),
  'git-nothing-to-commit': (p) =>
    variant(p) === 'no-message'
      ? { message: 'A commit needs a message.', hint: 'Say what the change does, then commit.' }
      : variant(p) === 'no-commit'
        ? {
            message: 'There is no commit to amend yet.',
            hint: 'Make the first commit without Amend.',
          }
        : {
            message: 'There is nothing to commit: no change is staged.',
            hint: 'Stage the changes to commit (Stage beside a file), then commit again.',
          },
  'git-branch': (p) =>
    variant(p) === 'exists'
      ? {
          message: `A branch named ${quoted(p, 'name')} exists already.`,
          hint: 'Choose another name, or switch to that branch.',
        }
      : variant(p) === 'missing'
        ? {
            message: `There is no branch named ${quoted(p, 'name')}.`,
            hint: 'Choose a branch from the list.',
          }
        : {
            message: `${quoted(p, 'name')} is not a name git allows for a branch.`,
            hint: 'Use letters, digits, "-", "_", "." and "/", without spaces, "..", or a leading "-".',
          },
  'git-branch-current': (p) => ({
    message: `${quoted(p, 'name')} is the branch checked out, so it cannot be deleted.`,
    hint: 'Switch to another branch first.',
  }),
  'git-local-changes': (p) =>
    variant(p) === 'pull'
      ? {
          message: `Pulling would mix the remote's changes with uncommitted changes to ${text(p, 'paths') ?? 'some files'}.`,
          hint: 'Commit or discard those changes first, then pull.',
        }
      : {
          message: `Switching branches would overwrite uncommitted changes to ${text(p, 'paths') ?? 'some files'}.`,
          hint: 'Commit or discard those changes first, then switch.',
        },
  'git-remote-url': (p) =>
    variant(p) === 'credentials'
      ? {
          message: `The URL carries a user name or password for ${text(p, 'url') ?? 'its host'}.`,
          hint: 'Remove them from the URL and add a token for the host in Settings → Git instead: it is stored encrypted.',
        }
      : {
          message: `${quoted(p, 'url')} is not a repository URL Cove can clone.`,
          hint: 'Use the https:// URL the host shows under "Clone" (SSH URLs need a terminal, not a browser).',
        },
  'git-no-remote': (p) =>
    variant(p) === 'detached'
      ? {
          message: 'No branch is checked out, so there is nothing to fetch, pull or push.',
          hint: 'Switch to a branch first.',
        }
      : {
          message: 'This repository has no remote named origin.',
          hint: 'Clone the repository by URL (Source Control → Clone repository) to work with a remote.',
        },
  'git-auth': (p) =>
    variant(p) === 'refused'
      ? {
          message: `${text(p, 'host') ?? 'The server'} refused the token.`,
          hint: `Check that the token for ${text(p, 'host') ?? 'this host'} in Settings → Git is current and may read (and, to push, write) this repository.`,
        }
      : {
          message: `${text(p, 'host') ?? 'The server'} asks for a sign-in.`,
          hint: `Add a token for ${text(p, 'host') ?? 'this host'} in Settings → Git (an access token with repository access), then try again.`,
        },
  'git-unreachable': (p) =>
    variant(p) === 'proxy'
      ? {
          message: `The request through the CORS proxy got no response for ${text(p, 'host') ?? 'the server'}.`,
          hint: 'Check that the proxy in Settings → Git is running and its URL is right, and that you are online.',
        }
      : {
          message: `${text(p, 'host') ?? 'The server'} did not answer the browser: it does not allow requests from web pages (CORS), or it cannot be reached.`,
          hint: 'Set a CORS proxy in Settings → Git (the README shows how to run one), and check the URL and that you are online.',
        },
  'git-remote-missing': (p) =>
    variant(p) === 'not-git'
      ? {
          message: `${quoted(p, 'url')} answered, but not as a git server.`,
          hint: 'Use the URL the host shows under "Clone" (it usually ends in .git).',
        }
      : {
          message: `There is no repository at ${quoted(p, 'url')}.`,
          hint: 'Check the URL; a private repository also answers "not found" without a token: add one in Settings → Git.',
        },
  'git-push-rejected': (p) => ({
    message: `The remote's ${quoted(p, 'branch')} has commits this branch does not have, so the push was refused.`,
    hint: 'Pull first (Source Control → Pull), resolve any conflicts and commit, then push again.',
  }),
  'git-conflicts': (p) => ({
    message: `The merge has conflicts in ${text(p, 'paths') ?? 'some files'}.`,
    hint: 'Edit each file to keep what should stay (remove the <<<<<<<, ======= and >>>>>>> lines), stage it, then commit the merge.',
  }),
  'git-failed': (p) => ({
    message: `Git could not ${text(p, 'action') ?? 'do that'}: ${text(p, 'detail') ?? 'unknown error'}.`,
    hint: 'Check the repository in Source Control; if it persists, copy this message into an issue.',
  }),
  'no-workspace': () => ({
    message: 'No workspace is open.',
    hint: 'Create or open a workspace first.',
  }),
  'wrong-workspace': (p) =>
    variant(p) === 'checkpoint'
      ? {
          message: 'That checkpoint belongs to another workspace.',
          hint: 'Open its workspace to rewind it.',
        }
      : {
          message: 'That belongs to another workspace than the open one.',
          hint: 'Open its workspace first.',
        },
  'zip-damaged': (p) =>
    has(p, 'detail')
      ? {
          message: `This zip file is damaged or not a zip (${text(p, 'detail') ?? ''}).`,
          hint: 'Nothing was imported. Re-create the archive and try again.',
        }
      : { message: 'The zip file is damaged.', hint: 'Make the zip file again.' },
  'zip-too-large': (p) => {
    switch (variant(p)) {
      case 'archive':
        return {
          message: `This zip is ${bytes(p, 'size')}, over the ${bytes(p, 'limit')} import limit.`,
          hint: 'Split it into smaller archives.',
        };
      case 'entries':
        return {
          message: `This zip holds ${digits(p, 'count')} entries, over the limit of ${digits(p, 'limit')}.`,
          hint: 'Import a smaller archive.',
        };
      case 'expanded':
        return {
          message: `This zip expands to more than ${bytes(p, 'limit')}.`,
          hint: 'Nothing was imported. It may be a zip bomb; import a smaller archive.',
        };
      default:
        return {
          message: 'The zip file is too large to import.',
          hint: 'Import a smaller part of it.',
        };
    }
  },
  'zip-import-failed': (p) => {
    switch (variant(p)) {
      case 'worker':
        return {
          message: `The zip import stopped: ${text(p, 'detail') ?? ''}.`,
          hint: 'Nothing was imported. Reload the page and try again.',
        };
      case 'import':
        return {
          message: `The zip import stopped: ${text(p, 'detail') ?? ''}.`,
          hint: 'Nothing was imported. Try again; if it keeps failing, reload the page.',
        };
      default:
        return { message: 'The zip import stopped.', hint: 'Try again.' };
    }
  },
  'backup-newer': (p) =>
    has(p, 'format')
      ? {
          message: `This backup uses format ${text(p, 'format') ?? ''}, which this version of Cove cannot read.`,
          hint: 'Reload Cove to get the latest version, then restore again.',
        }
      : {
          message: 'This backup was made by a newer version of Cove.',
          hint: 'Reload the page to update Cove.',
        },
} satisfies Record<WorkspaceErrorCode, Wording>;
