// The knowledge bench's corpus and evaluation set, made the same way every run.
//
// Corpus: 1,000 Markdown files of about 10 KB (10 MB), each the handbook of one made-up
// module (a unique two-syllable name such as "Valdrin"), in 20 sections of about 500 bytes,
// one per setting ("Connection timeout", "Cache size"…). A section says how its setting is
// configured and its default, then filler sentences shared by every section, so every module
// name appears in 20 sections and every setting in 1,000: only the pair identifies one. The
// headings cut the files into 20,000 passages.
//
// Evaluation set: 60 questions, each with the one section that answers it.
//   - 30 plain: "How do I change the <setting> of <Module>?"
//   - 10 with the module's name misspelt (one letter changed): fuzzy matching.
//   - 10 with the setting in another word form ("configuring compress", "rotate keys"):
//     prefix matching and stems.
//   - 10 in lower case, setting words reordered, with stop words ("what is the default
//     <setting> for <module> please").

const FIRST = [
  'val',
  'quen',
  'dor',
  'mir',
  'sal',
  'tor',
  'bre',
  'cal',
  'fen',
  'gal',
  'hol',
  'jor',
  'kel',
  'lum',
  'nor',
  'pel',
  'ras',
  'sov',
  'tam',
  'ulf',
  'ven',
  'wes',
  'yar',
  'zol',
  'ard',
  'bel',
  'cor',
  'dun',
  'eld',
  'fir',
  'gor',
  'hal',
];
const SECOND = [
  'drin',
  'thas',
  'mond',
  'vell',
  'rik',
  'sten',
  'lor',
  'nax',
  'pith',
  'quor',
  'ruen',
  'sall',
  'tiv',
  'urn',
  'vos',
  'wyn',
  'xel',
  'yth',
  'zar',
  'bane',
  'cred',
  'dax',
  'erl',
  'fosk',
  'gund',
  'hask',
  'isk',
  'jent',
  'kord',
  'lisk',
  'mave',
  'nolt',
];

/** Each section's setting: its heading, its snake_case key and other forms a question may use. */
export const SETTINGS: { name: string; key: string; variant: string }[] = [
  { name: 'Connection timeout', key: 'connection_timeout', variant: 'timeouts for connections' },
  { name: 'Retry budget', key: 'retry_budget', variant: 'retrying budgets' },
  { name: 'Cache size', key: 'cache_size', variant: 'caching sizes' },
  { name: 'Log level', key: 'log_level', variant: 'logging levels' },
  { name: 'Queue depth', key: 'queue_depth', variant: 'queued depth' },
  { name: 'Batch window', key: 'batch_window', variant: 'batching windows' },
  { name: 'Compression', key: 'compression', variant: 'configuring compress' },
  { name: 'Key rotation', key: 'key_rotation', variant: 'rotate keys' },
  { name: 'Thread pool', key: 'thread_pool', variant: 'threads pooled' },
  { name: 'Heartbeat interval', key: 'heartbeat_interval', variant: 'heartbeats intervals' },
  { name: 'Snapshot schedule', key: 'snapshot_schedule', variant: 'snapshots scheduled' },
  { name: 'Rate limit', key: 'rate_limit', variant: 'rates limiting' },
  { name: 'Replica count', key: 'replica_count', variant: 'replicas counted' },
  { name: 'Memory ceiling', key: 'memory_ceiling', variant: 'memory ceilings' },
  { name: 'Audit trail', key: 'audit_trail', variant: 'auditing trails' },
  { name: 'Shard placement', key: 'shard_placement', variant: 'sharding placements' },
  { name: 'Token lifetime', key: 'token_lifetime', variant: 'tokens lifetimes' },
  {
    name: 'Backpressure threshold',
    key: 'backpressure_threshold',
    variant: 'backpressure thresholds',
  },
  { name: 'Checksum algorithm', key: 'checksum_algorithm', variant: 'checksums algorithms' },
  { name: 'Warmup period', key: 'warmup_period', variant: 'warming periods' },
];

const FILLER = [
  'Change it only after measuring the service under its usual load.',
  'The value is read when the service starts; a restart applies a new one.',
  'Operators usually keep the default unless the deployment is unusually large.',
  'A value outside the allowed range is refused with a message naming the range.',
  'The status page shows the value in effect next to the one configured.',
  'Staging and production should use the same value so tests stay meaningful.',
  'Record every change in the change log with the reason and the person who made it.',
  'Dashboards plot the effect of the value over the last seven days for comparison.',
];

/** The made-up module name of file `i` ("Valdrin"). */
export function moduleName(i: number): string {
  const name = `${FIRST[i % 32]}${SECOND[Math.floor(i / 32) % 32]}`;
  return name[0]!.toUpperCase() + name.slice(1);
}

/** The path of file `i`, 50 files to a folder. */
export const corpusPath = (i: number) =>
  `handbooks/group_${String(Math.floor(i / 50)).padStart(2, '0')}/${moduleName(i).toLowerCase()}.md`;

/** The line of file `i` where section `j` starts (its heading), 1-based. */
export function sectionLine(i: number, j: number): number {
  return fileText(i).split('\n').indexOf(`## ${SETTINGS[j]!.name}`) + 1;
}

/** The text of file `i`: 20 sections of about 500 bytes under a title. */
export function fileText(i: number): string {
  const module = moduleName(i);
  const lines = [`# ${module} handbook`, '', `How to configure ${module}, setting by setting.`, ''];
  SETTINGS.forEach((setting, j) => {
    const value = ((i * 31 + j * 17) % 900) + 10;
    lines.push(`## ${setting.name}`, '');
    lines.push(
      `The ${setting.name.toLowerCase()} of ${module} is set with \`${setting.key}\` in ${module.toLowerCase()}.toml; its default is ${value}.`,
    );
    for (let k = 0; k < 5; k++) lines.push(FILLER[(i + j + k) % FILLER.length]!);
    lines.push(`See also the ${module} operations checklist.`, '');
  });
  return lines.join('\n');
}

/** One question of the evaluation set and where its answer is. */
export interface EvalQuestion {
  question: string;
  path: string;
  line: number;
}

/** Changes one letter of a name (not the first), so the name is misspelt but close. */
function misspell(name: string): string {
  const at = Math.min(3, name.length - 2);
  const swap = name[at] === 'a' ? 'e' : 'a';
  return `${name.slice(0, at)}${swap}${name.slice(at + 1)}`;
}

/** The 60 questions over files spread across the corpus (see the header). */
export function evaluationSet(files: number): EvalQuestion[] {
  const questions: EvalQuestion[] = [];
  for (let q = 0; q < 60; q++) {
    const i = (q * 97 + 13) % files;
    const j = (q * 7 + 3) % SETTINGS.length;
    const module = moduleName(i);
    const setting = SETTINGS[j]!;
    const kind = q % 6;
    const question =
      kind <= 2
        ? `How do I change the ${setting.name.toLowerCase()} of ${module}?`
        : kind === 3
          ? `How do I change the ${setting.name.toLowerCase()} of ${misspell(module)}?`
          : kind === 4
            ? `${setting.variant} in ${module}`
            : `what is the default ${setting.name.toLowerCase().split(' ').reverse().join(' ')} for ${module.toLowerCase()} please`;
    questions.push({ question, path: corpusPath(i), line: sectionLine(i, j) });
  }
  return questions;
}
