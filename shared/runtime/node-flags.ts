/**
 * V8 flags every function process runs with. A function's working set is small (its caches hold a
 * few KiB per object), but V8's default young generation (up to 3 × 16 MiB semi-spaces on 64-bit)
 * stays resident after a burst; 2 MiB semi-spaces cut each function's RSS by 40–100 MiB for a
 * little more scavenging (docs/performance.md).
 */
export const FUNCTION_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2'];
