import type { ConfigEnv, UserConfig } from 'vite';

/**
 * `apply` for plugins of the browser build only: not `vite dev`, and not the Node build of the
 * prerender module (page-shells.ts), which reads the same config.
 */
export const clientBuildOnly = (_config: UserConfig, env: ConfigEnv) => env.command === 'build' && !env.isSsrBuild;
