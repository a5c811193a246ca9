/**
 * The probe cannot run: the server does not start, a scenario or recording file is bad, a setup
 * step fails. The CLI prints the message on one line (or several, one problem a line) and exits 2.
 */
export class ProbeError extends Error {
  override readonly name = 'ProbeError';
}
