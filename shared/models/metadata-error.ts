/** Image labels that cannot become metadata; the message says which label and why. */
export class InvalidImageMetadataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidImageMetadataError';
  }
}

/** A label key fit for a message: quoted, control characters escaped, long keys cut. */
export function quoteKey(key: string): string {
  const quoted = JSON.stringify(key);
  return quoted.length > 80 ? `${quoted.slice(0, 77)}…"` : quoted;
}
