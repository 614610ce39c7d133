/**
 * Artifact sizes (spec §12.1): the spec size, else the size a check-size job discovered; every
 * size must lie within 1 byte .. 2^50 bytes (1 PiB). The PVC gets the size plus headroom, rounded
 * up to whole GiB.
 */
import { CHECK_SIZE_MAX_BYTES, DEFAULT_PVC_HEADROOM_PERCENT } from '../constants/limits.ts';
import { ceilToGiB, parseQuantity, QuantityError } from '../quantity/quantity.ts';

const MAX_BYTES = BigInt(CHECK_SIZE_MAX_BYTES);

export type SizeResolution =
  | { kind: 'known'; bytes: bigint; source: 'spec' | 'discovered' }
  | { kind: 'unknown' }
  | { kind: 'invalid'; message: string };

function withinBounds(bytes: bigint): boolean {
  return bytes >= 1n && bytes <= MAX_BYTES;
}

/** `spec.size`: absent or zero means "discover it"; anything else must be a usable size. */
export function parseSpecSize(size: string | number | undefined): SizeResolution {
  if (size === undefined || size === '') return { kind: 'unknown' };
  let bytes: bigint;
  try {
    bytes = parseQuantity(size);
  } catch (err) {
    if (err instanceof QuantityError || err instanceof RangeError) {
      return { kind: 'invalid', message: `spec.size ${JSON.stringify(size)} is not a quantity` };
    }
    throw err;
  }
  if (bytes === 0n) return { kind: 'unknown' };
  if (!withinBounds(bytes)) {
    return {
      kind: 'invalid',
      message: `spec.size ${String(size)} (${bytes} bytes) is outside 1 byte .. 1 PiB; set a real size or remove it to discover the size`,
    };
  }
  return { kind: 'known', bytes, source: 'spec' };
}

/** Spec size first, then a size discovered now, then one discovered earlier (status). */
export function resolveArtifactSize(
  specSize: string | number | undefined,
  discoveredNow: bigint | undefined,
  discoveredBefore: number | undefined,
): SizeResolution {
  const fromSpec = parseSpecSize(specSize);
  if (fromSpec.kind !== 'unknown') return fromSpec;
  if (discoveredNow !== undefined) return { kind: 'known', bytes: discoveredNow, source: 'discovered' };
  if (discoveredBefore !== undefined && Number.isSafeInteger(discoveredBefore)) {
    const bytes = BigInt(discoveredBefore);
    if (withinBounds(bytes)) return { kind: 'known', bytes, source: 'discovered' };
  }
  return { kind: 'unknown' };
}

export type CheckSizeOutput = { ok: true; bytes: bigint; url?: string } | { ok: false; message: string };

/** The check-size container's last log line: `{"url": "...", "sizeBytes": N}` with N in 1..2^50. */
export function parseCheckSizeOutput(log: string): CheckSizeOutput {
  const lines = log.split('\n').map((line) => line.trim());
  const last = lines.filter((line) => line !== '').at(-1);
  if (last === undefined) return { ok: false, message: 'the check-size job printed nothing' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(last);
  } catch {
    return { ok: false, message: `the last line of the check-size output is not JSON: ${truncate(last)}` };
  }
  const sizeBytes = (parsed as { sizeBytes?: unknown } | null)?.sizeBytes;
  if (typeof sizeBytes !== 'number' || !Number.isInteger(sizeBytes)) {
    return { ok: false, message: `the check-size output has no integer sizeBytes: ${truncate(last)}` };
  }
  const bytes = BigInt(sizeBytes);
  if (!withinBounds(bytes)) {
    return {
      ok: false,
      message: `the check-size output reports ${sizeBytes} bytes, outside 1 byte .. 1 PiB`,
    };
  }
  const url = (parsed as { url?: unknown }).url;
  return typeof url === 'string' ? { ok: true, bytes, url } : { ok: true, bytes };
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Runtime config `storage.pvcHeadroomPercent`, else 10. */
export function headroomPercent(configured: number | undefined): number {
  return configured !== undefined && Number.isInteger(configured) && configured >= 0
    ? configured
    : DEFAULT_PVC_HEADROOM_PERCENT;
}

/** `ceil_GiB(trunc(bytes × (1 + headroom/100)))` in bytes: 100Mi → 1Gi, 9,094,593,249 B → 10Gi. */
export function pvcSizeBytes(bytes: bigint, headroom: number): bigint {
  return ceilToGiB((bytes * BigInt(100 + headroom)) / 100n);
}
