/** A usage error: bad flag, unknown path, invalid config. The CLI prints it on one line and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export const EXIT_OK = 0;
/** `--dry-run` would change files, `--verify` found new errors, `check` found problems. */
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
