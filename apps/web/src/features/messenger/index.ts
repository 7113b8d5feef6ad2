// What the page frame uses of the messenger: the menu entry's unread badge (small, on every page).
export { MessengerUnreadBadge } from './components/MessengerUnreadBadge';
