import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as git from 'isomorphic-git';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isWorkspaceError } from '../../../../src/workspace/workspace-errors';
import { GitRepository, loadGit } from '../../../../src/workspace/git/git-repository';
import {
  loadGitHttp,
  repositoryNameOf,
  type GitRemoteOptions,
} from '../../../../src/workspace/git/git-remote';
import { WorkspaceCatalog } from '../../../../src/workspace/workspace-catalog';
import { storeKinds, testClock } from '../../../fakes/stores';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const BOB = { name: 'Bob', email: 'bob@example.com', timestamp: 1_700_000_000 };

type Handler = (req: unknown, res: unknown) => void;
const require = createRequire(import.meta.url);
const middleware = require('git-http-mock-server/middleware') as (config: object) => Handler;
const cors = require('git-http-mock-server/cors') as (handler: Handler) => Handler;

/**
 * The bare repositories the server serves, made in the test with isomorphic-git over Node's
 * fs: a working repository per fixture, published as `<name>.git` (its .git folder, bare).
 */
const root = mkdtempSync(join(tmpdir(), 'cove-git-remote-'));
/**
 * The mock server looks a repository up from its root towards the working directory and
 * loops forever past it (fixturez), so what it serves lives under the working directory.
 */
const served = join(process.cwd(), 'test-results', `git-served-${process.pid}`);
let server: Server;
let base = '';

async function commitIn(name: string, files: Record<string, string>, message: string) {
  const dir = join(root, 'work', name);
  nodeFs.mkdirSync(dir, { recursive: true });
  if (!nodeFs.existsSync(join(dir, '.git'))) {
    await git.init({ fs: nodeFs, dir, defaultBranch: 'main' });
  }
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(join(dir, path), text);
    await git.add({ fs: nodeFs, dir, filepath: path });
  }
  await git.commit({ fs: nodeFs, dir, message, author: BOB });
  publish(name);
}

/** Copies the working repository's .git to the served folder as a bare repository. */
function publish(name: string) {
  const bare = join(served, `${name}.git`);
  const hook = nodeFs.existsSync(join(bare, 'hooks', 'post-receive'))
    ? readFileSync(join(bare, 'hooks', 'post-receive'), 'utf8')
    : undefined;
  const password = nodeFs.existsSync(join(bare, '.htpasswd'))
    ? readFileSync(join(bare, '.htpasswd'), 'utf8')
    : undefined;
  rmSync(bare, { recursive: true, force: true });
  cpSync(join(root, 'work', name, '.git'), bare, { recursive: true });
  const config = readFileSync(join(bare, 'config'), 'utf8').replace('bare = false', 'bare = true');
  writeFileSync(join(bare, 'config'), config);
  if (hook) writeHook(name, hook);
  if (password) writeFileSync(join(bare, '.htpasswd'), password);
}

function writeHook(name: string, script: string) {
  const path = join(served, `${name}.git`, 'hooks', 'post-receive');
  nodeFs.mkdirSync(join(served, `${name}.git`, 'hooks'), { recursive: true });
  writeFileSync(path, script);
  chmodSync(path, 0o755);
}

/**
 * The mock server receives pushes into a copy of the fixture; this hook, run by git in that
 * copy, writes what git's command line sees there to `file`.
 */
function reportPushes(name: string): string {
  const file = join(root, `${name}-pushed.txt`);
  writeHook(
    name,
    `#!/bin/sh\ngit log --format='%an <%ae> %s (%p)' main > '${file}'\ngit show main:README.md >> '${file}'\n`,
  );
  return file;
}

beforeAll(async () => {
  // The mock server logs each request to the console.
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  nodeFs.mkdirSync(served, { recursive: true });
  server = createServer(cors(middleware({ root: served, route: '/', glob: '*' })));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  vi.restoreAllMocks();
  // fetch keeps connections alive; close waits for them otherwise.
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  rmSync(root, { recursive: true, force: true });
  rmSync(served, { recursive: true, force: true });
});

describe(
  'git remotes against a smart HTTP server (git-http-mock-server)',
  { timeout: 30_000 },
  () => {
    let fixture = 0;
    async function setup(options: { files?: Record<string, string> } = {}) {
      const name = `repo${++fixture}`;
      await commitIn(name, { 'README.md': 'one\n' }, 'First');
      await commitIn(name, options.files ?? { 'README.md': 'one\ntwo\n' }, 'Second');
      const store = await storeKinds[0]!.open();
      const clock = testClock();
      const catalog = new WorkspaceCatalog(store, clock);
      const api = await loadGit();
      const http = await loadGitHttp();
      const open = async () => {
        const workspace = await catalog.create(`${name}-${Math.random()}`);
        const files = catalog.files(workspace.id);
        return { files, repo: new GitRepository(files, clock, api) };
      };
      const remote: GitRemoteOptions = { http };
      return { name, url: `${base}/${name}.git`, open, remote, clock };
    }

    it('clones shallow by default, and the whole history on request', async () => {
      const { url, open, remote } = await setup();
      const progress: string[] = [];
      const shallow = await open();
      await shallow.repo.clone(url, { ...remote, onProgress: (p) => progress.push(p.phase) });
      expect((await shallow.files.find('README.md'))?.content).toBe('one\ntwo\n');
      expect((await shallow.repo.log()).map((c) => c.message)).toEqual(['Second']);
      expect(await shallow.repo.status()).toEqual([]);
      expect(await shallow.repo.remoteUrl()).toBe(url);
      expect(progress.length).toBeGreaterThan(0);
      // .git stays hidden from the workspace's listing.
      expect((await shallow.files.list()).map((f) => f.path)).toEqual(['README.md']);

      const full = await open();
      await full.repo.clone(url, { ...remote, full: true });
      expect((await full.repo.log()).map((c) => c.message)).toEqual(['Second', 'First']);
      expect(repositoryNameOf(url)).toMatch(/^repo\d+$/);
    });

    it('pushes a commit the server (git command line) sees with its author and content', async () => {
      const { name, url, open, remote } = await setup();
      const pushed = reportPushes(name);
      const { files, repo } = await open();
      await repo.clone(url, remote);
      await files.write('README.md', 'one\ntwo\nthree\n');
      await repo.stage('README.md');
      await repo.commit('Third', ADA);
      await repo.push(remote);
      const seen = readFileSync(pushed, 'utf8');
      expect(seen).toContain('Ada Lovelace <ada@example.com> Third');
      expect(seen).toContain('one\ntwo\nthree\n');
    });

    it('fetches, and pulls a fast-forward into the working tree', async () => {
      const { name, url, open, remote } = await setup();
      const { files, repo } = await open();
      await repo.clone(url, remote);
      await commitIn(name, { 'README.md': 'one\ntwo\nupstream\n', 'new.txt': 'new\n' }, 'Upstream');
      await repo.fetch(remote);
      expect((await files.find('README.md'))?.content).toBe('one\ntwo\n');
      expect(await repo.pull(remote, ADA)).toEqual({ kind: 'fast-forward' });
      expect((await files.find('README.md'))?.content).toBe('one\ntwo\nupstream\n');
      expect((await files.find('new.txt'))?.content).toBe('new\n');
      expect((await repo.log())[0]?.message).toBe('Upstream');
      expect(await repo.status()).toEqual([]);
      expect(await repo.pull(remote, ADA)).toEqual({ kind: 'up-to-date' });
    });

    it('refuses a non-fast-forward push with "pull first", then pulls with a conflict to resolve', async () => {
      const { name, url, open, remote } = await setup();
      const { files, repo } = await open();
      await repo.clone(url, { ...remote, full: true });
      await commitIn(name, { 'README.md': 'one\ntheirs\n' }, 'Theirs');
      await files.write('README.md', 'one\nours\n');
      await repo.stage('README.md');
      await repo.commit('Ours', ADA);

      const refused = await repo.push(remote).catch((error: unknown) => error);
      expect(isWorkspaceError(refused, 'git-push-rejected')).toBe(true);

      await files.write('README.md', 'one\nours, changed again\n');
      const dirty = await repo.pull(remote, ADA).catch((error: unknown) => error);
      expect(isWorkspaceError(dirty, 'git-local-changes')).toBe(true);
      await repo.discard('README.md');

      expect(await repo.pull(remote, ADA)).toEqual({ kind: 'conflicts', paths: ['README.md'] });
      const marked = String((await files.find('README.md'))?.content);
      expect(marked).toMatch(/<<<<<<< [^\n]*\nours\n=======\ntheirs\n>>>>>>> /);
      expect(await repo.status()).toEqual([
        { path: 'README.md', staged: null, unstaged: 'conflicted' },
      ]);
      const early = await repo.commit('Merge', ADA).catch((error: unknown) => error);
      expect(isWorkspaceError(early, 'git-conflicts')).toBe(true);

      await files.write('README.md', 'one\nours\ntheirs\n');
      await repo.stage('README.md');
      expect(await repo.conflicts()).toEqual([]);
      await repo.commit('Merge upstream', ADA);
      const [merge] = await repo.log();
      expect(merge?.parents).toHaveLength(2);
      const pushed = reportPushes(name);
      await repo.push(remote);
      expect(readFileSync(pushed, 'utf8')).toContain('one\nours\ntheirs\n');
    });

    it('aborts a conflicted merge: HEAD, the index and the files as before, no merge left', async () => {
      const { name, url, open, remote } = await setup();
      const { files, repo } = await open();
      await repo.clone(url, { ...remote, full: true });
      await commitIn(name, { 'README.md': 'one\ntheirs\n', 'added.txt': 'theirs\n' }, 'Theirs');
      await files.write('README.md', 'one\nours\n');
      await files.write('notes.txt', 'untracked\n');
      await repo.stage('README.md');
      await repo.commit('Ours', ADA);
      const before = (await repo.log()).map((commit) => commit.oid);

      expect(await repo.pull(remote, ADA)).toEqual({ kind: 'conflicts', paths: ['README.md'] });
      expect((await files.find('added.txt'))?.content).toBe('theirs\n');
      await repo.abortMerge();

      expect((await files.find('README.md'))?.content).toBe('one\nours\n');
      expect(await files.find('added.txt')).toBeUndefined();
      expect((await files.find('notes.txt'))?.content).toBe('untracked\n');
      expect(await repo.conflicts()).toEqual([]);
      expect(await repo.status()).toEqual([
        { path: 'notes.txt', staged: null, unstaged: 'untracked' },
      ]);
      expect((await repo.log()).map((commit) => commit.oid)).toEqual(before);
      const versions = await repo.versions('README.md');
      expect(versions.index).toBe('one\nours\n');
      // The same pull conflicts again, as `git merge --abort` leaves it.
      expect(await repo.pull(remote, ADA)).toEqual({ kind: 'conflicts', paths: ['README.md'] });
    });

    it('asks for the token only after a 401, only for its host, and says when it is refused', async () => {
      const { name, url, open, remote } = await setup();
      const sha = createHash('sha1').update('s3cret').digest('base64');
      writeFileSync(join(served, `${name}.git`, '.htpasswd'), `ada:{SHA}${sha}\n`);
      const asked: string[] = [];
      const host = new URL(url).host;

      const none = await (await open()).repo.clone(url, remote).catch((e: unknown) => e);
      expect(isWorkspaceError(none, 'git-auth')).toBe(true);
      expect((none as { params: { variant: string } }).params.variant).toBe('needed');

      const wrong = await (
        await open()
      ).repo
        .clone(url, {
          ...remote,
          credentials: async (h) => (asked.push(h), { username: 'ada', token: 'wrong' }),
        })
        .catch((e: unknown) => e);
      expect(isWorkspaceError(wrong, 'git-auth')).toBe(true);
      expect((wrong as { params: { variant: string } }).params.variant).toBe('refused');

      const { files, repo } = await open();
      await repo.clone(url, {
        ...remote,
        credentials: async (h) => (
          asked.push(h),
          h === host ? { username: 'ada', token: 's3cret' } : undefined
        ),
      });
      expect((await files.find('README.md'))?.content).toBe('one\ntwo\n');
      expect(new Set(asked)).toEqual(new Set([host]));
    });

    it('says what to do when the repository is missing or the server does not answer', async () => {
      const { open, remote } = await setup();
      const missing = await (
        await open()
      ).repo
        .clone(`${base}/nothing-here.git`, remote)
        .catch((e: unknown) => e);
      expect(isWorkspaceError(missing, 'git-remote-missing')).toBe(true);

      const closed = createServer();
      await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((done) => closed.close(done));
      const silent = await (
        await open()
      ).repo
        .clone(`http://127.0.0.1:${port}/x.git`, remote)
        .catch((e: unknown) => e);
      expect(isWorkspaceError(silent, 'git-unreachable')).toBe(true);

      const bad = await (
        await open()
      ).repo
        .clone('https://ada:pw@example.com/x.git', remote)
        .catch((e: unknown) => e);
      expect(isWorkspaceError(bad, 'git-remote-url')).toBe(true);
    });
  },
);
