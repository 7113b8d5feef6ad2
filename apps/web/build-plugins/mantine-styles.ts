import type { Plugin } from 'vite';
import { clientBuildOnly } from './client-build.ts';

/** A Mantine component's class-name module, e.g. `@mantine/core/esm/components/Button/Button.module.mjs`. */
const CLASS_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/](\w+)\.module\.mjs$/;
/** The whole-library stylesheet the app imports once (and keeps importing under `vite dev`). */
const ALL_STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
/** What every page needs whatever components it uses: reset, theme variables, focus and helper classes. */
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];

/**
 * Ships each Mantine component's CSS with the chunk that uses the component, instead of all of
 * Mantine's CSS (250 KB) in front of the sign-in page. In the build, `@mantine/core/styles.css`
 * shrinks to the global parts, and each component's class-name module imports its own
 * `@mantine/core/styles/<Name>.css`. A component's module imports its dependencies' modules
 * first (Button imports UnstyledButton and Loader), so their rules come first, as in the whole
 * stylesheet. `vite dev` pre-bundles Mantine, so there the whole stylesheet is served as before.
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'smart:mantine-styles-per-component',
    apply: clientBuildOnly,
    enforce: 'pre',
    load(id) {
      if (!ALL_STYLES.test(id)) return null;
      return GLOBAL_STYLES.map((name) => `@import '@mantine/core/styles/${name}.css';`).join('\n');
    },
    transform(code, id) {
      const name = CLASS_MODULE.exec(id)?.[1];
      if (!name) return null;
      // Appended, so the lines keep their source-map positions; imports are hoisted all the same.
      return { code: `${code}\nimport '@mantine/core/styles/${name}.css';\n`, map: null };
    },
  };
}
