/**
 * Who a shell command acts for. `agent`: the model's bash tool, which may overwrite only
 * files it has read (it must not undo work it never saw). `person`: the terminal, where a
 * human typed the command; only their unsaved editor text and concurrent changes are
 * protected (see WorkspaceBashFs).
 */
export type ShellActor = 'agent' | 'person';
