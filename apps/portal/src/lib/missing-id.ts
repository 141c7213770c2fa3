/** A page opened without the id it shows: loading again cannot help, so no retry is offered. */
export class MissingIdError extends Error {
  override readonly name = 'MissingIdError';
}
