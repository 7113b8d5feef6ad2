// What the dashboard home and an advisor's My Tasks use of My work.
export { MyWorkPanel } from './components/MyWorkPanel';
export { PlatformFiguresPanel } from './components/PlatformFiguresPanel';
