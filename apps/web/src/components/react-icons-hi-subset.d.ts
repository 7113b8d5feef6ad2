/**
 * 'react-icons/hi?lazy' is react-icons/hi loaded as a module of its own (Vite keeps the
 * query in the module id). The bundler splits by module, so icons imported from plain
 * 'react-icons/hi' anywhere in the app share one chunk that the sign-in page and the page frame
 * load. Icons only lazily loaded pages show (the department icons, the template library's) come
 * from this copy instead and ride in those pages' chunks.
 */
declare module 'react-icons/hi?lazy' {
  export * from 'react-icons/hi';
}
