/**
 * The next time a PingSource's cron schedule fires: five fields (minute, hour, day of month,
 * month, day of week) of `*`, `*​/N`, numbers, ranges `a-b` and lists, evaluated in UTC, as
 * Knative's PingSource adapter does by default. When both day fields are restricted, either one
 * matching is enough (cron's rule).
 */
const RANGES: readonly [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 6],
];

function field(text: string, [low, high]: [number, number], schedule: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const step = /^(\*|\d+-\d+)\/(\d+)$/.exec(part);
    const range = /^(\d+)-(\d+)$/.exec(part);
    let from = low;
    let to = high;
    let by = 1;
    if (step) {
      by = Number(step[2]);
      if (step[1] !== '*') [from, to] = (step[1] as string).split('-').map(Number) as [number, number];
    } else if (range) {
      from = Number(range[1]);
      to = Number(range[2]);
    } else if (/^\d+$/.test(part)) {
      from = Number(part);
      to = from;
    } else if (part !== '*') throw new Error(`unsupported cron field "${part}" in "${schedule}"`);
    if (by < 1 || from < low || to > high || from > to)
      throw new Error(`cron field "${part}" out of range in "${schedule}"`);
    for (let v = from; v <= to; v += by) values.add(v);
  }
  return values;
}

export interface CronSchedule {
  next(after: number): number | undefined;
}

export function parseCron(schedule: string): CronSchedule {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`a cron schedule has five fields: "${schedule}"`);
  const [minutes, hours, days, months, weekdays] = fields.map((text, i) =>
    field(text, RANGES[i] as [number, number], schedule),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  const daysRestricted = fields[2] !== '*';
  const weekdaysRestricted = fields[4] !== '*';
  const dayMatches = (date: Date) => {
    const byDay = days.has(date.getUTCDate());
    const byWeekday = weekdays.has(date.getUTCDay());
    if (daysRestricted && weekdaysRestricted) return byDay || byWeekday;
    return byDay && byWeekday;
  };
  return {
    /** The first whole minute strictly after `after` (epoch ms) that matches, within ~4 years. */
    next(after: number): number | undefined {
      let at = Math.floor(after / 60_000) * 60_000 + 60_000;
      const limit = at + 4 * 366 * 24 * 3_600_000;
      while (at < limit) {
        const date = new Date(at);
        if (!months.has(date.getUTCMonth() + 1) || !dayMatches(date)) {
          at = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
          continue;
        }
        if (!hours.has(date.getUTCHours())) {
          at = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours() + 1);
          continue;
        }
        if (minutes.has(date.getUTCMinutes())) return at;
        at += 60_000;
      }
      return undefined;
    },
  };
}
