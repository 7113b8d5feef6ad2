// What the page frame uses of notifications: the top bar's bell (its panel loads when opened).
export { NotificationBell } from './components/NotificationBell';
