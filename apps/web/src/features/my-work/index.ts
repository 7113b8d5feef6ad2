// What the dashboard home and an advisor's My Tasks use of My work (issue 25).
export { MyWorkPanel } from './components/MyWorkPanel';
export { PlatformFiguresPanel } from './components/PlatformFiguresPanel';
