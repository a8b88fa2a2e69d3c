#!/usr/bin/env node
/**
 * `npm run conformance`: runs the client scenarios of the official MCP conformance suite
 * (@modelcontextprotocol/conformance) against Cove's MCP client (src/mcp, driven by
 * client.ts) and prints which pass. Exits non-zero when a scenario listed in
 * EXPECTED_TO_PASS fails, or one outside it starts passing (then move it in).
 *
 *   npm run conformance                 all client scenarios
 *   npm run conformance -- initialize   only the named ones
 */
import { spawnSync } from 'node:child_process';
import process from 'node:process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const shim = join(here, 'register-fs-shim.mjs');

/**
 * What Cove's client passes today, the client-credentials extension scenarios (a secret with
 * client_secret_basic, a signed JWT with private_key_jwt: src/mcp/client-credentials.ts)
 * included. Not yet: enterprise-managed cross-app access (auth/cross-app-access-complete-flow,
 * SEP-990), which needs a token exchange with the organization's identity provider that
 * Cove's sign-in does not do.
 */
const EXPECTED_TO_PASS = new Set([
  'initialize',
  'tools_call',
  'sse-retry',
  'elicitation-sep1034-client-defaults',
  'auth/metadata-default',
  'auth/metadata-var1',
  'auth/metadata-var2',
  'auth/metadata-var3',
  'auth/basic-cimd',
  'auth/scope-from-www-authenticate',
  'auth/scope-from-scopes-supported',
  'auth/scope-omitted-when-undefined',
  'auth/scope-step-up',
  'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic',
  'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none',
  'auth/pre-registration',
  'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/resource-mismatch',
  'auth/offline-access-scope',
  'auth/offline-access-not-supported',
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
]);

// The client is TypeScript; bundle it (dependencies stay imports from node_modules).
const outDir = join(root, 'node_modules/.cache/cove-mcp-conformance');
mkdirSync(outDir, { recursive: true });
const bundle = join(outDir, 'client.mjs');
await build({
  input: join(here, 'client.ts'),
  platform: 'node',
  external: (id) => !id.startsWith('.') && !isAbsolute(id),
  output: { file: bundle, format: 'esm' },
  logLevel: 'warn',
});

function suite(args, cwd) {
  return spawnSync(process.execPath, ['--import', shim, cli, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

const listed = suite(['list'], root).stdout;
const clientSection = listed.split(/Client scenarios[^\n]*\n/)[1] ?? '';
const all = [...clientSection.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]);
const wanted = process.argv.slice(2);
const scenarios = wanted.length ? all.filter((name) => wanted.includes(name)) : all;

// The suite writes results/ into its working directory: keep that out of the repository.
const work = mkdtempSync(join(tmpdir(), 'cove-conformance-'));
const rows = [];
for (const scenario of scenarios) {
  const run = suite(
    [
      'client',
      '--command',
      `${process.execPath} ${bundle}`,
      '--scenario',
      scenario,
      '--timeout',
      '60000',
    ],
    work,
  );
  const output = `${run.stdout}\n${run.stderr}`;
  const passed = run.status === 0;
  const summary =
    /Passed:\s*\d+\/\d+[^\n]*/.exec(output)?.[0] ?? /\d+ passed[^\n]*/i.exec(output)?.[0] ?? '';
  rows.push({ scenario, passed, summary, output });
  console.log(`${passed ? 'PASS' : 'FAIL'}  ${scenario}${summary ? `  (${summary.trim()})` : ''}`);
}
rmSync(work, { recursive: true, force: true });

const passing = rows.filter((r) => r.passed).length;
console.log(`\n${passing}/${rows.length} client scenarios pass.`);
const surprises = rows.filter((r) => r.passed !== EXPECTED_TO_PASS.has(r.scenario));
for (const r of surprises) {
  console.log(
    `\nUnexpected ${r.passed ? 'pass' : 'failure'}: ${r.scenario}\n${r.passed ? '' : r.output.slice(-3000)}`,
  );
}
process.exit(surprises.length ? 1 : 0);
