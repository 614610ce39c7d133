/**
 * Go's `strings.ToLower`: rune by rune with the simple Unicode mapping. JavaScript's full mapping
 * can expand a rune (U+0130 İ → "i̇"); the simple mapping is the first rune of the full one.
 */
export function goToLower(s: string): string {
  let lowered = '';
  for (const rune of s) {
    const first = rune.toLowerCase().codePointAt(0);
    lowered += first === undefined ? rune : String.fromCodePoint(first);
  }
  return lowered;
}
