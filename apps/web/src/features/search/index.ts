// What the page frame uses of search: the top bar's button, which also listens for Ctrl/Cmd+K and '/'.
export { SearchButton } from './components/SearchButton';
