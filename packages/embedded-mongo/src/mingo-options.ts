// Options for every mingo call. Scripts stay off: $where/$function/$accumulator would run client-supplied
// code in this process, and MongoDB itself only runs them in a sandboxed JS engine.
export const MINGO_OPTIONS = { scriptEnabled: false } as const;
