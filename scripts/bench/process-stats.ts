/** CPU seconds and resident memory of a process, from /proc (Linux). */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export interface ProcessStats {
  cpuSeconds: number;
  rssMiB: number;
  peakRssMiB: number;
  /**
   * RSS split now: the process's own memory (heap, V8, buffers), and pages of mapped files, most
   * of them the node executable's code (31 MiB for a bare `node`, ~45 MiB for a function), which
   * every process of that executable shares.
   */
  rssAnonMiB: number;
  rssFileMiB: number;
}

export function processStats(pid: number): ProcessStats | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return {
      cpuSeconds,
      rssMiB: kib('VmRSS') / 1024,
      peakRssMiB: kib('VmHWM') / 1024,
      rssAnonMiB: kib('RssAnon') / 1024,
      rssFileMiB: kib('RssFile') / 1024,
    };
  } catch {
    return undefined;
  }
}
