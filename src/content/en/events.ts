/** The scholarship test and the demo class: their names, and the answers to a registration. */
import type { EventsCopy } from '../schema';

export const events: EventsCopy = {
  types: {
    'scholarship-test': { name: 'Scholarship and admission test' },
    'demo-class': { name: 'Free demo class' },
  },
  answers: {
    booked: 'Your seat is booked. Roll number: {roll}.',
    already: 'This student already has a seat for it. Roll number: {roll}.',
    full: 'That session filled up while the form was open. The next one with seats is on {date}: choose it and send again. What you typed is kept.',
    fullNoNext:
      'That session is full, and no other session has seats just now. Call us on {phone} and we will tell you when the next one opens.',
    closed: 'Registration for that session has closed. Please choose another session.',
    notFor: 'That session is not for this class or course. Please choose another session.',
    linkInvalid: 'This link is not one we sent: check that it was copied whole, or call us and we will send it again.',
    linkExpired: 'This link has expired: the session it was for is over.',
    cancelled: 'Your registration is cancelled and the seat is free for someone else.',
    moved: 'Done: your seat is now at the session on {date}. Your roll number stays the same.',
  },
};
