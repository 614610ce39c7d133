/** ISO-8601 durations as Knative delivery specs use them (PT0.5S, PT2M, P1DT1H). */
export function parseIsoDurationMs(text: string): number {
  const m =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      text,
    );
  if (!m || text === 'P' || text === 'PT') throw new Error(`invalid ISO-8601 duration: ${text}`);
  const [, d, h, min, s] = m.map((v) => (v === undefined ? 0 : Number(v)));
  return Math.round((((d ?? 0) * 24 + (h ?? 0)) * 60 * 60 + (min ?? 0) * 60 + (s ?? 0)) * 1000);
}
