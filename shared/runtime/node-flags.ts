/**
 * V8 flags every function process runs with. A function's working set is small (its caches hold a
 * few KiB per object), but V8's default young generation (up to 3 × 16 MiB semi-spaces on 64-bit)
 * stays resident after a burst; 2 MiB semi-spaces cut each function's RSS by 40–100 MiB for a
 * little more scavenging. Its old generation grew to up to ~3× what was live before a major GC
 * (isvc-render at 1,000 services: 52 MiB live, 134 MiB of old space kept after the run); grown by
 * 25 % at a time it stays within ~1.3× of it, for no measurable CPU. TurboFan compiles on the
 * main thread: on a background thread its compilations' memory stayed resident beside the main
 * thread's (service-resolve and cache-manage at 1,000 services −7 to −14 MiB), and on the two
 * cores the functions share with the platform that thread bought no time (docs/performance.md).
 */
export const FUNCTION_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=2',
  '--heap-growing-percent=25',
  '--no-concurrent-recompilation',
];
