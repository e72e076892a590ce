/**
 * The institute's facts: what is the same in every language (numbers, dates,
 * phone numbers, which teachers teach which course). Words are in `en/` and `hi/`.
 * Vidyarthi Academy is a fictional institute; everything here is sample data.
 */
import { institute as shared } from '../../shared/institute';
import type { Institute } from './schema';

export const institute: Institute = {
  // origin, phone, time zone, working days and the privacy notice's version: shared/institute.ts (the server needs them too).
  ...shared,
  whatsapp: '+919876500002',
  email: 'admissions@vidyarthi-academy.example',
  postalCode: '302018',
  country: 'IN',
  foundedYear: 2011,
  grievanceOfficer: { email: 'privacy@vidyarthi-academy.example', phone: '+919876500003' },
  seatsShownForDays: 30,
  // Every figure on the site is sample data: the pages say so beside each (site.sampleNotice).
  sampleData: true,
  courses: [
    {
      slug: 'neet-year-long',
      exam: 'NEET',
      batches: [
        { id: 'class-11-early', starts: '2027-03-20', seatsLeft: { count: 14, asOf: '2026-11-20' } },
        { id: 'class-11-weekend', starts: '2027-04-10', seatsLeft: { count: 42, asOf: '2026-11-20' } },
        { id: 'class-12-weekend', starts: '2027-04-10', seatsLeft: { count: 35, asOf: '2026-11-20' } },
      ],
      fees: {
        amount: 68000,
        per: 'course',
        instalments: [
          { id: 'admission', amount: 23000 },
          { id: 'jul-2027', amount: 23000 },
          { id: 'oct-2027', amount: 22000 },
        ],
        admissionCharge: 5000,
        gstPercent: 18,
      },
      refund: { days: 15 },
      cohort: { year: 2026, sat: 164, batches: 3 },
      teachers: ['meenakshi-rathore', 'rajat-khandelwal', 'sunita-choudhary'],
      testimonials: ['ananya-sharma', 'rakesh-saini'],
    },
    {
      slug: 'neet-repeaters',
      exam: 'NEET',
      batches: [
        { id: 'r1', starts: '2027-05-17', seatsLeft: { count: 48, asOf: '2026-11-20' } },
        { id: 'r2', starts: '2027-06-21', seatsLeft: { count: 60, asOf: '2026-11-20' } },
      ],
      fees: {
        amount: 110000,
        per: 'course',
        instalments: [
          { id: 'admission', amount: 40000 },
          { id: 'aug-2027', amount: 35000 },
          { id: 'nov-2027', amount: 35000 },
        ],
        admissionCharge: 5000,
        gstPercent: 18,
      },
      refund: { days: 15 },
      cohort: { year: 2026, sat: 236, batches: 4 },
      teachers: ['imran-qureshi', 'kavita-saxena', 'rajat-khandelwal'],
      testimonials: ['mohit-gurjar', 'farida-bano'],
    },
    {
      slug: 'neet-crash-course',
      exam: 'NEET',
      batches: [
        { id: 'c1', starts: '2027-02-15', seatsLeft: { count: 30, asOf: '2026-11-20' } },
        { id: 'c2', starts: '2027-03-01', seatsLeft: { count: 55, asOf: '2026-11-20' } },
      ],
      fees: {
        amount: 24000,
        per: 'course',
        instalments: [
          { id: 'admission', amount: 14000 },
          { id: 'mar-2027', amount: 10000 },
        ],
        admissionCharge: 2000,
        gstPercent: 18,
      },
      refund: { days: 7 },
      cohort: { year: 2026, sat: 104, batches: 2 },
      teachers: ['imran-qureshi', 'kavita-saxena'],
      testimonials: ['sneha-verma'],
    },
    {
      slug: 'foundation',
      exam: 'Foundation',
      batches: [
        { id: 'class-9-10', starts: '2027-04-06', seatsLeft: { count: 26, asOf: '2026-11-20' } },
        { id: 'class-8', starts: '2027-04-08', seatsLeft: { count: 31, asOf: '2026-11-20' } },
      ],
      fees: {
        amount: 45000,
        per: 'year',
        instalments: [
          { id: 'admission', amount: 15000 },
          { id: 'jul-2027', amount: 15000 },
          { id: 'oct-2027', amount: 15000 },
        ],
        admissionCharge: 3000,
        gstPercent: 18,
      },
      refund: { days: 15 },
      cohort: { year: 2026, sat: 150, batches: 3 },
      teachers: ['neha-joshi', 'anil-meena'],
      testimonials: ['sarita-agarwal', 'aditya-mathur'],
    },
    {
      slug: 'jee',
      exam: 'JEE Main',
      batches: [
        { id: 'class-11-j1', starts: '2027-04-12', seatsLeft: { count: 22, asOf: '2026-11-20' } },
        { id: 'class-12', starts: '2027-04-12', seatsLeft: { count: 15, asOf: '2026-11-20' } },
        { id: 'class-11-j2', starts: '2027-05-03', seatsLeft: { count: 60, asOf: '2026-11-20' } },
      ],
      fees: {
        amount: 120000,
        per: 'year',
        instalments: [
          { id: 'admission', amount: 40000 },
          { id: 'jul-2027', amount: 40000 },
          { id: 'oct-2027', amount: 40000 },
          { id: 'apr-2028', amount: 40000, year: 2 },
          { id: 'jul-2028', amount: 40000, year: 2 },
          { id: 'oct-2028', amount: 40000, year: 2 },
        ],
        admissionCharge: 5000,
        years: 2,
        gstPercent: 18,
      },
      refund: { days: 15 },
      cohort: { year: 2026, sat: 172, batches: 3 },
      teachers: ['vikram-shekhawat', 'pooja-agarwal', 'deepak-jangid'],
      testimonials: ['harsh-vardhan-rao', 'ishita-bansal', 'sunil-meena'],
    },
    {
      slug: 'integrated-program',
      exam: 'NEET / JEE',
      batches: [
        { id: 'neet-stream', starts: '2027-04-01', seatsLeft: { count: 24, asOf: '2026-11-20' } },
        { id: 'jee-stream', starts: '2027-04-01', seatsLeft: { count: 28, asOf: '2026-11-20' } },
      ],
      fees: {
        amount: 165000,
        per: 'year',
        instalments: [
          { id: 'admission', amount: 55000 },
          { id: 'jul-2027', amount: 55000 },
          { id: 'nov-2027', amount: 55000 },
          { id: 'apr-2028', amount: 55000, year: 2 },
          { id: 'jul-2028', amount: 55000, year: 2 },
          { id: 'nov-2028', amount: 55000, year: 2 },
        ],
        admissionCharge: 5000,
        years: 2,
        gstPercent: 18,
        school: { from: 48000, to: 60000 },
      },
      refund: { days: 15 },
      cohort: { year: 2026, sat: 104, batches: 2 },
      teachers: ['meenakshi-rathore', 'pooja-agarwal', 'kavita-saxena'],
      testimonials: ['manoj-kumawat', 'priya-choudhary'],
    },
  ],
  // Dated notices: each shown on the pages in `on` from `from` to `until` (both days, India time),
  // then gone by itself; its words are notices.<id> in en/notices.ts and hi/notices.ts.
  notices: [
    {
      id: 'neet-2027-admissions',
      from: '2026-11-01',
      until: '2027-01-31',
      on: ['home', 'neet-year-long', 'neet-repeaters', 'neet-crash-course'],
      link: '/contact',
    },
    {
      id: 'republic-day-2027',
      from: '2027-01-20',
      until: '2027-01-26',
      on: ['home', 'neet-year-long', 'neet-repeaters', 'neet-crash-course', 'foundation', 'jee', 'integrated-program'],
    },
  ],
  aboutTeachers: [
    'meenakshi-rathore',
    'rajat-khandelwal',
    'imran-qureshi',
    'kavita-saxena',
    'vikram-shekhawat',
    'pooja-agarwal',
    'neha-joshi',
  ],
  homeTestimonials: ['ananya-sharma', 'mohit-gurjar', 'sunil-meena', 'sarita-agarwal'],
  // No photographs yet: every teacher is shown by initials and the home hero by its artwork.
  // Add one by putting the file in src/assets/photos/portrait/ (or hero/) and naming it here,
  // e.g. 'meenakshi-rathore': 'meenakshi-rathore.jpg', with its alt text in en/ and hi/.
  teacherPortraits: {},
  // Sample results, each counted once from the student's score card (the site says they are samples).
  testimonialResults: {
    'ananya-sharma': {
      exam: 'NEET',
      year: 2026,
      rank: { kind: 'AIR', value: 3412 },
      course: 'neet-year-long',
      months: 11,
      paid: true,
    },
    'mohit-gurjar': {
      exam: 'NEET',
      year: 2026,
      rank: { kind: 'AIR', value: 8905 },
      course: 'neet-repeaters',
      months: 11,
      paid: true,
    },
    'sneha-verma': {
      exam: 'NEET',
      year: 2026,
      rank: { kind: 'AIR', value: 12780 },
      course: 'neet-crash-course',
      months: 3,
      paid: true,
    },
    'harsh-vardhan-rao': {
      exam: 'JEE Main',
      year: 2026,
      rank: { kind: 'percentile', value: 98.7 },
      course: 'jee',
      months: 24,
      paid: true,
    },
    'ishita-bansal': {
      exam: 'JEE Main',
      year: 2026,
      rank: { kind: 'percentile', value: 96.2 },
      course: 'jee',
      months: 24,
      paid: true,
    },
    'priya-choudhary': {
      exam: 'NEET',
      year: 2026,
      rank: { kind: 'AIR', value: 5230 },
      course: 'integrated-program',
      months: 24,
      paid: true,
    },
  },
  // No students' photos yet. Staff upload one in the desk (Results and testimonials), with its alt
  // text (testimonials.<id>.photoAlt) and the student's written consent.
  testimonialPhotos: {},
  // The written consent behind each result: these students are made up (the site says every name
  // is sample data), so they are marked `sample`, which the content check allows only while
  // sampleData is true. A real student's consent (its date, who signed, the scan) is uploaded in the desk.
  testimonialConsents: {
    'ananya-sharma': { sample: true },
    'mohit-gurjar': { sample: true },
    'sneha-verma': { sample: true },
    'harsh-vardhan-rao': { sample: true },
    'ishita-bansal': { sample: true },
    'priya-choudhary': { sample: true },
  },
  // The scholarship the test earns, said once (shared/scholarship.ts): the test's sessions may be
  // for these classes and courses only, and every page's range ("10% to 50%") is read from the bands.
  scholarship: {
    classes: ['10', '11', '12', '12-pass'],
    courses: ['neet-year-long', 'neet-repeaters', 'jee', 'integrated-program'],
    maxMarks: 100,
    bands: [
      { from: 90, percent: 50 },
      { from: 80, percent: 40 },
      { from: 70, percent: 30 },
      { from: 60, percent: 20 },
      { from: 50, percent: 10 },
    ],
  },
  // Sessions of the scholarship test and the free demo class that families book a seat at
  // (shared/schema/events.ts). Keep a session's id once anyone has registered for it.
  eventSessions: [
    {
      id: 'scholarship-test-2026-12-13',
      type: 'scholarship-test',
      date: '2026-12-13',
      reportBy: '09:30',
      starts: '10:00',
      ends: '12:00',
      online: false,
      capacity: 120,
      classes: ['10', '11', '12', '12-pass'],
      courses: ['neet-year-long', 'neet-repeaters', 'jee', 'integrated-program'],
      opens: '2026-11-16',
      closes: '2026-12-12',
    },
    {
      id: 'scholarship-test-2027-01-10',
      type: 'scholarship-test',
      date: '2027-01-10',
      reportBy: '09:30',
      starts: '10:00',
      ends: '12:00',
      online: false,
      capacity: 120,
      classes: ['10', '11', '12', '12-pass'],
      courses: ['neet-year-long', 'neet-repeaters', 'jee', 'integrated-program'],
      opens: '2026-11-16',
      closes: '2027-01-09',
    },
    {
      id: 'demo-class-2026-12-06',
      type: 'demo-class',
      date: '2026-12-06',
      reportBy: '15:45',
      starts: '16:00',
      ends: '17:30',
      online: false,
      capacity: 40,
      classes: ['8', '9', '10', '11', '12', '12-pass'],
      courses: ['neet-year-long', 'neet-repeaters', 'neet-crash-course', 'foundation', 'jee', 'integrated-program'],
      opens: '2026-11-16',
      closes: '2026-12-05',
    },
    {
      id: 'demo-class-2026-12-20-online',
      type: 'demo-class',
      date: '2026-12-20',
      reportBy: '10:50',
      starts: '11:00',
      ends: '12:00',
      online: true,
      capacity: 300,
      classes: ['8', '9', '10', '11', '12', '12-pass'],
      courses: ['neet-year-long', 'neet-repeaters', 'neet-crash-course', 'foundation', 'jee', 'integrated-program'],
      opens: '2026-11-16',
      closes: '2026-12-19',
    },
  ],
};
