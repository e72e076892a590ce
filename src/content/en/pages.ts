/**
 * Copy for the home, about, contact, privacy, thank-you and not-found pages.
 * Vidyarthi Academy is a fictional institute; every figure here is sample content.
 */
import type { Copy } from '../schema';

export const home: Copy['home'] = {
  seo: {
    title: 'NEET & JEE Main Coaching in Jaipur | Vidyarthi Academy',
    description:
      'Classroom coaching in Jaipur for NEET, JEE Main and Class 8–10 Foundation: batches capped at 60, regular tests and teachers who know every student by name.',
  },
  hero: {
    eyebrow: 'NEET · JEE Main · Foundation — Jaipur',
    heading: 'Steady preparation for NEET and JEE Main, close to home in Jaipur',
    lead: 'Classroom batches of at most 60, a test every fortnight and a mentor who calls home every month. Courses for Class 8 to 12 and for students taking NEET again after Class 12.',
    primaryCta: 'Book a free counselling call',
    secondaryCta: 'Call us now',
    highlights: [
      'No more than 60 students in a batch',
      'Fortnightly tests with written feedback',
      'Doubt counter open Monday to Friday',
      'Monthly progress report; parent–teacher meeting every term',
    ],
  },
  courses: {
    heading: 'Our courses',
    intro:
      'Six courses, from Class 8 Foundation to a full-time course for droppers. Each page lists the timings, fees, instalments and the next batch dates.',
  },
  comparison: {
    heading: 'Compare the courses',
    intro:
      'Not sure which one fits? Compare the classes, timings, duration and fees side by side, or book a free counselling call and we will help you choose.',
  },
  whyUs: {
    heading: 'Why parents choose Vidyarthi Academy',
    points: [
      {
        title: 'Teachers who know your child',
        body: 'Batches are capped at 60, and every student has a faculty mentor who meets them every two weeks and keeps track of their test scores.',
      },
      {
        title: 'NCERT first, always',
        body: 'Most NEET questions and a good share of JEE Main Chemistry come from NCERT. We teach from it line by line before moving to harder practice.',
      },
      {
        title: 'Tests that lead to action',
        body: 'After every test, students get a chapter-wise report, and teachers plan the next week’s doubt sessions around the most common mistakes.',
      },
      {
        title: 'Parents kept in the loop',
        body: 'You get a short progress report every month and a parent–teacher meeting every term. If attendance or marks drop, we call you the same week.',
      },
      {
        title: 'School and boards respected',
        body: 'Timetables are planned around school hours and board exam dates, so students do not have to choose between school and coaching.',
      },
    ],
  },
  results: {
    heading: 'Results from 2026',
    intro: 'A few numbers from our students’ 2026 exams and board results.',
    stats: [
      { figure: '365', label: 'students of our weekend, repeaters and crash NEET courses qualified NEET 2026' },
      { figure: '138', label: 'JEE Main course students reached the JEE Advanced cut-off via JEE Main 2026' },
      { figure: '96', label: 'Foundation students scored 90% or more in Class 10 boards' },
      { figure: '60', label: 'students at most in any classroom batch' },
    ],
    note: 'These are sample figures for illustration only, not real results. Each figure counts only the courses it names: the integrated programme’s results are on its own page. A live site would count each student once, from score cards checked by our office.',
  },
  testimonials: {
    heading: 'What students and parents say',
  },
  faq: {
    heading: 'Common questions',
    items: [
      {
        question: 'How do I know which course is right for my child?',
        answer:
          'Book a free counselling call. A counsellor will ask about your child’s class, school timings and recent marks, and suggest a course. There is no pressure to join on the call.',
      },
      {
        question: 'Is there a scholarship test?',
        answer:
          'Yes. The Vidyarthi Scholarship Test is held on selected Sundays from December to May for {scholarshipClasses}. Depending on the score, students joining the {scholarshipCourses} course get {scholarshipRange} off {scholarshipFeePart}. The test itself is free: book a seat on the Scholarship test page.',
      },
      {
        question: 'Can we pay the fee in instalments?',
        answer:
          'Yes. Every course can be paid in two or three instalments, listed on the course page, with no extra charge. Payment is by UPI, card, bank transfer or cheque, and you get a GST receipt for each payment.',
      },
      {
        question: 'Do you offer online classes?',
        answer:
          'Our courses are classroom-based. The NEET crash course can also be attended live online, and recordings of most classes are available to enrolled students on the student portal for a few days.',
      },
      {
        question: 'Do you provide a hostel?',
        answer:
          'We do not run a hostel. We share a list of hostels and PGs near the centre that other families have used, and we suggest visiting them with your child before deciding.',
      },
      {
        question: 'Can my child attend a demo class before joining?',
        answer:
          'Yes. Book a seat at a free demo class on the Demo class page (in the menu). If you would like your child to sit in on a regular class of the course, call or WhatsApp us and we will arrange it.',
      },
    ],
  },
  enquiry: {
    heading: 'Book a free counselling call',
    intro:
      'Leave the student’s name, your mobile number and the course you are asking about. A counsellor will call you back within one working day to talk through courses, fees and batch dates.',
  },
};

export const about: Copy['about'] = {
  seo: {
    title: 'About Vidyarthi Academy | NEET & JEE Coaching, Jaipur',
    description:
      'How Vidyarthi Academy started in Jaipur in 2011, how we teach NEET, JEE Main and Foundation students, and the teachers behind our classrooms.',
  },
  heading: 'A coaching institute that started with one classroom',
  lead: 'Vidyarthi Academy began in 2011 in Gopalpura, Jaipur, with two teachers and 34 students. We have grown since, but we still cap batches at 60 and teach from NCERT first.',
  story: {
    heading: 'Our story',
    paragraphs: [
      'Dr. Meenakshi Rathore and Rajat Khandelwal had both taught in large coaching centres, where a single batch could have two hundred students and a teacher rarely learned their names. In 2011 they rented one room near Gopalpura Bypass and started a weekend NEET batch of 34 students, most of them from nearby schools.',
      'Parents told other parents. Over the next few years we added a full-time course for droppers, a weekday-evening JEE Main course and, at the request of families who wanted an earlier start, a Foundation course for Class 8 to 10. In 2020 we began working with a partner CBSE school so that Class 11 and 12 students could study for boards and entrance exams in one timetable.',
      'Today we teach across six courses, but a few things have not changed: no batch has more than 60 students, every student has a mentor, and parents hear from us every month.',
    ],
  },
  approach: {
    heading: 'How we teach',
    points: [
      {
        title: 'NCERT before anything else',
        body: 'Every chapter starts with the NCERT textbook. Only when students can explain the NCERT content do we move to previous-year questions and harder practice.',
      },
      {
        title: 'Batches capped at 60, named mentors',
        body: 'Batches are capped at 60. Each student is assigned a faculty mentor who reviews their tests every two weeks and is the family’s first point of contact.',
      },
      {
        title: 'Regular, useful tests',
        body: 'Tests follow the real exam pattern. Each one comes with a chapter-wise report, and the most common mistakes are discussed in the next doubt session.',
      },
      {
        title: 'Honest advice',
        body: 'If a course is not the right fit, or a student needs a different plan, we say so at counselling. We would rather lose an admission than set a student up to struggle.',
      },
    ],
  },
  faculty: {
    heading: 'Our teachers',
    intro:
      'Most of our teachers have been with us for more than five years. These are some of the people your child will learn from.',
  },
  enquiry: {
    heading: 'Questions about a course?',
    intro:
      'Have a question about a course, fees or timings? Leave your number and a counsellor will call you back within one working day.',
  },
};

export const contact: Copy['contact'] = {
  seo: {
    title: 'Contact Vidyarthi Academy | Gopalpura, Jaipur',
    description:
      'Call, WhatsApp or visit Vidyarthi Academy in Gopalpura, Jaipur. Office hours, directions and a form to book a free counselling call.',
  },
  heading: 'Contact us',
  lead: 'Call or WhatsApp us, visit the centre, or leave your details below. We usually reply the same day during office hours.',
  visit: {
    heading: 'Visit the centre',
    intro:
      'You are welcome to walk in during office hours to see the classrooms, meet a teacher and ask about batches. On weekdays, late mornings are quietest; please bring your child’s latest marksheet if you want course advice.',
  },
  prospectus: 'Download the prospectus (PDF, {size})',
  enquiry: {
    heading: 'Send us an enquiry',
    intro:
      'Leave the student’s name, your mobile number and the course you are asking about. A counsellor will call you back within one working day.',
  },
};

export const notFound: Copy['notFound'] = {
  seo: {
    title: 'Page not found | Vidyarthi Academy',
    description:
      'The page you were looking for is not here. It may have moved; go back to the home page or pick one of our NEET, JEE Main or Foundation courses.',
  },
  heading: 'Page not found',
  lead: 'Sorry, we could not find that page. It may have been moved, or the link may have a typing mistake.',
  homeLink: 'Go to the home page',
  coursesHeading: 'Or look through our courses',
};

export const thankYou: Copy['thankYou'] = {
  seo: {
    title: 'Thank you for your enquiry | Vidyarthi Academy',
    description:
      'We have received your enquiry. A counsellor from Vidyarthi Academy will call you back within one working day to talk about the right course.',
  },
  heading: 'Thank you — we have your enquiry',
  lead: 'A counsellor will call you back within one working day (Monday to Saturday), usually the same day.',
  nextHeading: 'What happens next',
  next: [
    'A counsellor calls you on the number you gave, from our office line.',
    'We talk through the student’s class, school timetable and goals, and suggest a course and batch.',
    'If you like, we book a free visit to the centre or a seat at a demo class. There is no obligation to join.',
  ],
  coursesHeading: 'While you wait, read about our courses',
};

export const privacy: Copy['privacy'] = {
  seo: {
    title: 'Privacy notice for parents and students | Vidyarthi Academy',
    description:
      'What Vidyarthi Academy collects when you enquire or book a seat, why, who sees it, how long we keep it, and how to withdraw consent or ask us to erase it.',
  },
  heading: 'Privacy notice',
  lead: 'Written for parents and students in plain words. It covers the enquiry form, booking a seat at the scholarship test or a demo class, the calls, emails and WhatsApp messages about them, and this website.',
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['When you send an enquiry we keep what you type into the form, and where your visit came from:'],
      points: [
        'the student’s name, class or current status, and the course you are asking about;',
        'a mobile number, your city, and an email address and message if you give them;',
        'for a student under 18, a parent’s or guardian’s name and mobile number;',
        'if you book a seat at the scholarship test or a demo class: the date chosen, the roll number we give you, whether the student came, and for the test the marks and the scholarship they earn;',
        'that you agreed to be contacted, the version of this notice you saw, and when;',
        'how you reached the website: the name of the advertisement or campaign in the link you opened (for example “neet-2027-jaipur”), an advertising click code if the link carried one, the name of the website that sent you there (only its name, not the page), and the first page you saw.',
      ],
    },
    {
      heading: 'How you reached us',
      paragraphs: [
        'We note how you reached the website so that we know which of our advertisements bring enquiries and admissions, and stop paying for those that do not. It is kept in your browser only until you close the tab, sent only with an enquiry, stored with that enquiry, and deleted with it. It is our own record of our own advertising: it is not shared with advertising companies and does not follow you to other websites.',
      ],
    },
    {
      heading: 'Why we collect it',
      paragraphs: [
        'To call or message you back about the course you asked about: fees, batches, timings and admission. If you book a seat, also to send the admit card and a reminder the day before, to check the student in at the door, and to tell you the result and the scholarship. We do not sell your details, and we do not use them for anything else.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        'Our admissions counsellors and the office manager. Enquiries reach them by email and through our enquiry list; nobody outside the institute can read them on this website.',
        'If the website shows advertising measurement (the Meta pixel), it is switched on only if you accept it. When you then send an enquiry, Meta is told from your browser that an enquiry was sent and for which course. A seat booked is told to Meta in the same way as an enquiry.',
        'Our server may tell Meta the same directly, so that the count is not lost when a browser blocks it. Then, besides the course, it sends your mobile number and email address only in a scrambled form (a one-way code called a “hash”, which Meta can only compare with numbers and emails people have already given it), your device’s internet (IP) address, your browser’s type, and the address of the page. Never your name, the student’s details or your message. We keep the address and browser type only until Meta has received it.',
        'If you then visit us or join, our server tells Meta that too (a visit booked, or an admission and the course’s fee), with the same scrambled number and email, never your name.',
        'If you came to the website from a Google ad and join, we may tell Google Ads that the click led to an admission: only the click’s code, the day and the course’s fee. Never your name, number or email.',
        'If you declined, or if a student under 18 sends the form, Meta and Google are told nothing at all: not from your browser, and not from our server. If you did not answer, Meta is told nothing.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We delete an enquiry and its records one year after we receive it, or sooner if you ask us to. If the student joins, admission records are kept separately under the admission agreement.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can withdraw your consent to be contacted, or ask us to erase everything we hold about you, at any time: call or email the person below and give the mobile number you used. We erase it within seven days and confirm when it is done.',
      ],
    },
    {
      heading: 'Questions and complaints',
      paragraphs: [
        'Our grievance contact answers questions and complaints about your personal data. If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
      ],
    },
  ],
};
