/**
 * When a function that started lists every object of the kinds it informs (its cache's warm-up)
 * and runs its initial resync: once the first event it was started for has been answered, or
 * `delayMs` after init when none comes. A function scaled to zero is started for an event (the
 * activator holds it until the function is ready); at 1,000 services the first LISTs kept a
 * fresh process busy for ~250 ms, and the held event waited behind them. Read live, the event
 * costs a few GETs; the LISTs follow it.
 */
export const DEFAULT_WARM_DELAY_MS = 250;

export class WarmUp {
  readonly #start: () => void;
  #timer: NodeJS.Timeout | undefined;
  #started = false;

  /** `delayMs` 0 starts at once. */
  constructor(start: () => void, delayMs: number) {
    this.#start = start;
    if (delayMs <= 0) this.now();
    else this.#timer = setTimeout(() => this.now(), delayMs).unref();
  }

  get started(): boolean {
    return this.#started;
  }

  now(): void {
    if (this.#started) return;
    this.#started = true;
    clearTimeout(this.#timer);
    this.#start();
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}
