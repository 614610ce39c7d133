import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rbacInputs } from '../../../functions/rbac-inputs.ts';
import { RBAC_OUTPUT_DIR, renderRbacFiles } from '../../../shared/rbac/render.ts';

const root = resolve(import.meta.dirname, '../../..');
const rbacDir = join(root, RBAC_OUTPUT_DIR);
const FIX =
  'manifests/rbac is out of date with functions/*/permissions.ts or eventing/: run `npm run gen:rbac` and commit the result';

describe('committed RBAC matches the declared permissions', () => {
  const rendered = renderRbacFiles(rbacInputs(root));

  it('has exactly the generated files, no missing and no extra ones', () => {
    expect(readdirSync(rbacDir).sort(), FIX).toEqual(rendered.map((file) => file.name).sort());
  });

  for (const file of rendered) {
    it(`${file.name} is up to date`, () => {
      expect(readFileSync(join(rbacDir, file.name), 'utf8') === file.content, `${file.name}: ${FIX}`).toBe(
        true,
      );
    });
  }

  it('renders the same bytes every time', () => {
    expect(renderRbacFiles(rbacInputs(root))).toEqual(rendered);
  });
});
