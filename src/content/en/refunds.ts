/** The refund policy in words. Each course's days and admission charge are facts (../institute.ts: refund, fees.admissionCharge). */
import type { Copy } from '../schema';

export const refunds: NonNullable<Copy['refunds']> = {
  seo: {
    title: 'Refund policy | Vidyarthi Academy',
    description:
      'How fees are refunded at Vidyarthi Academy: each course’s refund window, the admission charge we keep, a worked example, and how to ask.',
  },
  heading: 'Refund policy',
  lead: 'If a student withdraws from a course, this is what we refund and how. Every course follows the same rule, with its own number of days and admission charge, listed below with a worked example.',
  link: 'Refund policy',
  courseHeading: 'Refunds',
  within:
    'Withdraw within {days} days of your batch starting and we refund everything you have paid except the {charge} admission charge.',
  after:
    'After that, instalments already paid are not refunded, but you are never asked for an instalment that is not yet due.',
  example:
    'For example: you pay the first instalment, {paid}, at admission (the {charge} admission charge is part of it) and withdraw within {days} days of the start. We refund {refund} and ask for nothing more.',
  coursesHeading: 'Each course',
  sections: [
    {
      heading: 'How to ask for a refund',
      paragraphs: [
        'Tell us by email, by phone or at the front desk, with the student’s name and the fee receipt. For a student under 18, a parent or guardian asks. The day you tell us is the day you withdraw.',
      ],
    },
    {
      heading: 'When the money comes back',
      paragraphs: [
        'Within 15 working days of your request, to the account or card you paid from; a payment made in cash is refunded by cheque. We confirm the amount in writing.',
      ],
    },
    {
      heading: 'Changing batch or course',
      paragraphs: [
        'Moving to another batch of the same course costs nothing and is not a withdrawal. Moving to another course counts what you have paid towards its fee; if the new course costs less, the difference is refunded by the same rule.',
      ],
    },
  ],
};
