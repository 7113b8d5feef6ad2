// What the dashboard home uses of My work (issue 25).
export { MyWorkPanel } from './components/MyWorkPanel';
export { PlatformFiguresPanel } from './components/PlatformFiguresPanel';
