/**
 * 'react-icons/hi?departments' is react-icons/hi loaded as a module of its own (Vite keeps the
 * query in the module id). The bundler splits by module, so icons imported from plain
 * 'react-icons/hi' anywhere in the app share one chunk that the sign-in page and the page frame
 * load; the department icons (DepartmentIcon.tsx) come from this copy instead and ride only in the
 * lazy pages that show them.
 */
declare module 'react-icons/hi?departments' {
  export * from 'react-icons/hi';
}
