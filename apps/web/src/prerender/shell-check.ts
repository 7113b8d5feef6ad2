/**
 * The first script of a prerendered page: a classic script in <head> (built to one IIFE by
 * build-plugins/page-shells.ts), so it runs before the first
 * paint. It hides the prerendered HTML when the app will show this visitor something else (the
 * sign-in page to someone signed in; the dashboard home to someone signed out, on a deeper path,
 * or without a home), so that never flashes by; the app then starts on an empty root
 * (shell.ts). Its settings are its own data attributes, written by build-plugins/page-shells.ts
 * from shells.tsx: paths, visitor ('signed-out' | 'signed-in'), roles, tokenKeys, userKeys,
 * hiddenStyle (each list space-separated).
 */
(() => {
  const settings = document.currentScript?.dataset ?? {};
  const list = (value: string | undefined): string[] => (value ? value.split(' ') : []);
  const stored = (keys: string | undefined): string | null => {
    try {
      for (const key of list(keys)) {
        const value = localStorage.getItem(key);
        if (value) return value;
      }
    } catch {
      // Storage disabled: the app treats the visitor as signed out, and so does this.
    }
    return null;
  };
  const storedRole = (): string | undefined => {
    try {
      return (JSON.parse(stored(settings.userKeys) ?? 'null') as { role?: string } | null)?.role;
    } catch {
      return undefined;
    }
  };
  const signedIn = stored(settings.tokenKeys) !== null;
  const forVisitor =
    settings.visitor === 'signed-in' ? signedIn && list(settings.roles).includes(storedRole() ?? '') : !signedIn;
  const path = location.pathname.replace(/\/+$/, '') || '/';
  if (forVisitor && list(settings.paths).includes(path)) return;
  const style = document.createElement('style');
  style.id = settings.hiddenStyle ?? '';
  style.textContent = '#root { visibility: hidden }';
  document.head.append(style);
})();

export {};
