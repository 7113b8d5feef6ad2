// What the page frame uses of scheduling: the Book a session dialog's provider (the dialog loads on first use).
export { BookMeetingProvider } from './components/BookMeetingProvider';
