import classes from './SkipLink.module.css';

/** Where the skip link goes: the page's <main>, which takes the focus (tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing Tab reaches on every page (WCAG 2.4.1): hidden until focused, it jumps past
 * the top bar and the menu to the page itself.
 */
export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      Skip to main content
    </a>
  );
}
