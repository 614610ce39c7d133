import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CRD_OUTPUT_DIR, renderCrdFiles } from '../../../shared/api/crd/render.ts';

const crdDir = resolve(import.meta.dirname, '../../..', CRD_OUTPUT_DIR);
const FIX =
  'the committed CRDs are out of date with shared/api: run `npm run gen:crds` and commit the result';

describe('committed CRDs match the zod schemas', () => {
  const rendered = renderCrdFiles();

  it('has exactly the generated files, no missing and no extra ones', () => {
    const committed = readdirSync(crdDir).sort();
    expect(committed, FIX).toEqual(rendered.map((file) => file.name).sort());
  });

  for (const file of rendered) {
    it(`${file.name} is up to date`, () => {
      const committed = readFileSync(join(crdDir, file.name), 'utf8');
      expect(committed === file.content, `${file.name}: ${FIX}`).toBe(true);
    });
  }

  it('renders the same bytes every time', () => {
    expect(renderCrdFiles()).toEqual(rendered);
  });
});
