/** The six courses in words: what each teaches, when, for whom. Fees, dates and teachers are facts in ../institute.ts. */
import type { Copy } from '../schema';

export const courses: Copy['courses'] = {
  'neet-year-long': {
    name: 'NEET Year-Long Weekend Course',
    shortName: 'NEET Weekend',
    summary:
      'A one-year NEET classroom course on Saturdays and Sundays, built for Class 11 and 12 students who attend school on weekdays.',
    seo: {
      title: 'NEET Weekend Course, Class 11 & 12 | Vidyarthi Academy',
      description:
        'Year-long NEET classroom coaching in Jaipur on Saturdays and Sundays for Class 11 and 12 students. Fees, batches, timings and faculty.',
    },
    audience: {
      classes: 'Class 11 and Class 12 (school-going)',
      eligibility:
        'Students in Class 11 or 12 with Physics, Chemistry and Biology, from any board (CBSE, RBSE or others). There is no entrance test to join; the optional scholarship test can lower your fee.',
    },
    mode: 'Classroom, weekends',
    schedule: [
      'Saturday: 2:00 pm – 7:00 pm — Physics and Chemistry',
      'Sunday: 8:30 am – 1:30 pm — Biology and Chemistry',
      'Alternate Sundays: 2:30 pm – 5:30 pm — full NEET-pattern test (180 questions, 3 hours)',
      'Monday – Friday: 4:00 pm – 7:00 pm — optional doubt counter, walk in any day',
    ],
    duration: 'About 11 months (one academic year)',
    batches: {
      'class-11-early': 'Class 11 early batch (after Class 10 boards)',
      'class-11-weekend': 'Class 11 weekend batch',
      'class-12-weekend': 'Class 12 weekend batch',
    },
    fees: {
      note: 'Includes GST, printed study material and all tests. Your scholarship test score can take {scholarshipRange} off {scholarshipFeePart}.',
      instalments: {
        admission: { label: 'First instalment', due: 'At admission' },
        'jul-2027': { label: 'Second instalment', due: 'By 15 July 2027' },
        'oct-2027': { label: 'Third instalment', due: 'By 15 October 2027' },
      },
    },
    covers: [
      'Physics: every NCERT Class 11 and 12 chapter, from units and motion to modern physics and semiconductors',
      'Chemistry: physical, organic and inorganic chemistry, taught chapter by chapter alongside NCERT',
      'Botany: diversity of living organisms, cell biology, plant physiology, genetics and ecology',
      'Zoology: structural organisation, human physiology, reproduction, evolution and biotechnology',
      'Line-by-line NCERT Biology reading sessions, with labelled-diagram practice',
      'Board exam support where the school syllabus and NEET differ, including practical-file guidance',
      'OMR practice and time planning for the 180-question, 3-hour NEET paper',
    ],
    tests: [
      'Full-length NEET-pattern test on alternate Sundays, on OMR sheets, with rank and subject-wise analysis',
      'A 20-minute chapter quiz at the start of every Saturday class',
      'Weekly full-syllabus mock tests from February, in the last three months before NEET',
    ],
    material: [
      'Printed chapter-wise notes and question banks for Physics, Chemistry and Biology',
      'Previous 10 years’ NEET questions sorted by chapter, with worked solutions',
      'Recordings of each weekend class on the student portal for 7 days',
    ],
    results: [
      {
        figure: '131',
        label: 'weekend-batch students qualified NEET 2026',
      },
      {
        figure: '38',
        label: 'weekend-batch students scored above 600 out of 720 in NEET 2026',
      },
      {
        figure: '91%',
        label: 'average attendance in weekend classes, 2025–26',
      },
    ],
    resultsOf: 'of {sat} weekend-batch students who sat NEET 2026 ({batches} Class 12 batches that year)',
    faqs: [
      {
        question: 'My child’s school runs until 1:30 pm on Saturday. Can they still join?',
        answer:
          'Yes. Saturday classes start at 2:00 pm so that students from most nearby schools can reach us in time. If your school ends later, tell us at admission: we will share the recording of the first lecture and seat your child in the next one.',
      },
      {
        question: 'What happens if my child misses a weekend class?',
        answer:
          'Each class is recorded and stays on the student portal for 7 days, and the printed notes cover the same topics. If a student misses two weekends in a row, their mentor calls home to check in and plans a catch-up session at the weekday doubt counter.',
      },
      {
        question: 'How are doubts cleared if classes are only on weekends?',
        answer:
          'The doubt counter is open Monday to Friday, 4:00 pm to 7:00 pm, with at least one Physics, Chemistry and Biology teacher present. Students can also post a photo of a doubt on the student portal; teachers reply within 24 hours.',
      },
    ],
  },
  'neet-repeaters': {
    name: 'NEET Repeaters (Dropper) Course',
    shortName: 'NEET Repeaters',
    summary:
      'A full-time weekday course for students who have passed Class 12 and are taking NEET again, with daily classes, weekly tests and one-to-one mentoring.',
    seo: {
      title: 'NEET Dropper Course in Jaipur | Vidyarthi Academy',
      description:
        'Full-time NEET repeaters course in Jaipur for 12th-passed students: weekday classes, weekly tests, personal mentoring, fees and 2027 batch dates.',
    },
    audience: {
      classes: '12th passed (droppers)',
      eligibility:
        'Students who have passed Class 12 with Physics, Chemistry, Biology and English and are re-attempting NEET. Students still waiting for their Class 12 result can join provisionally.',
    },
    mode: 'Classroom, full-time weekdays',
    schedule: [
      'Monday – Friday: 9:00 am – 2:30 pm — three lectures with short breaks',
      'Monday – Friday: 3:00 pm – 4:30 pm — doubt hour and guided practice',
      'Sunday: 9:00 am – 12:00 pm — weekly NEET-pattern test',
      'Self-study library open 8:00 am – 9:00 pm, Monday to Saturday',
    ],
    duration: 'About 11 months, up to NEET 2028',
    batches: {
      r1: 'Repeaters batch R1',
      r2: 'Repeaters batch R2 (after NEET 2027 results)',
    },
    fees: {
      note: 'Includes GST, printed material and all tests. Your scholarship test score can take {scholarshipRange} off {scholarshipFeePart}.',
      instalments: {
        admission: { label: 'First instalment', due: 'At admission' },
        'aug-2027': { label: 'Second instalment', due: 'By 15 August 2027' },
        'nov-2027': { label: 'Third instalment', due: 'By 15 November 2027' },
      },
    },
    covers: [
      'A review of your last NEET score card in the first week, to find the chapters that cost you the most marks',
      'Physics: the full Class 11 and 12 syllabus again, with extra numerical practice in mechanics and electricity',
      'Chemistry: physical, organic and inorganic, with NCERT inorganic tables revised every month',
      'Biology: complete Botany and Zoology from NCERT, with weekly diagram and assertion–reason practice',
      'Two complete revision cycles of the syllabus before March 2028',
      'Exam temperament: pacing, guessing strategy and handling negative marking',
    ],
    tests: [
      'Weekly Sunday test on the week’s chapters, in NEET pattern',
      'Monthly full-syllabus test with a one-to-one review with your mentor',
      'Three full mock tests a week in the last eight weeks before NEET 2028',
    ],
    material: [
      'Printed modules for all three subjects, written for students revisiting the syllabus',
      'Chapter-wise previous-year NEET questions with solutions',
      'Daily practice sheets of 45 questions, checked by teachers',
      'An error notebook format, reviewed by your mentor every fortnight',
    ],
    results: [
      {
        figure: '188',
        label: 'repeaters qualified NEET 2026',
      },
      {
        figure: '67',
        label: 'repeaters improved their NEET score by 150 marks or more',
      },
      {
        figure: '29',
        label: 'repeaters got government MBBS seats in 2026 counselling',
      },
    ],
    resultsOf: 'of {sat} repeaters who sat NEET 2026 ({batches} batches that year)',
    faqs: [
      {
        question: 'Do you have a hostel for students coming from outside Jaipur?',
        answer:
          'We do not run a hostel ourselves. We keep a list of hostels and PGs within a 10-minute walk that other parents have used, with their contact numbers. Please visit with your child and see the rooms yourself before deciding.',
      },
      {
        question: 'A drop year can be stressful. What support do students get?',
        answer:
          'Every repeater has a faculty mentor who meets them every two weeks. A trained counsellor visits on Wednesdays, and students can book a private session with her at no extra cost. We also speak to parents each month, not only when marks fall.',
      },
      {
        question: 'Can my child also take the Class 12 improvement exam?',
        answer:
          'Yes. Many of our repeaters do. Tell us the exam dates and we will share the recordings of any classes missed, and the mentor will adjust your study plan for those weeks.',
      },
      {
        question: 'What if I miss classes because of illness?',
        answer:
          'Recordings of weekday lectures stay on the student portal for 14 days for repeaters. For longer absences, the mentor sets up extra doubt sessions so you can catch up.',
      },
    ],
  },
  'neet-crash-course': {
    name: 'NEET Crash Course 2027',
    shortName: 'NEET Crash Course',
    summary:
      'A revision and mock-test course of 9 to 11 weeks before NEET 2027, covering the full syllabus quickly with daily practice and timed full-length tests.',
    seo: {
      title: 'NEET 2027 Crash Course in Jaipur | Vidyarthi Academy',
      description:
        'A 9-to-11-week NEET 2027 crash course in Jaipur: quick revision of the full syllabus, weekly mock tests and doubt sessions. Batches from February 2027.',
    },
    audience: {
      classes: 'Class 12 and 12th passed',
      eligibility:
        'Students appearing for NEET 2027 who have already studied the full syllabus once, whether they are in Class 12 now or have passed Class 12.',
    },
    mode: 'Classroom + live online',
    schedule: [
      'Monday – Saturday: 2:00 pm – 7:00 pm — revision lectures and timed practice',
      'Sunday: 9:00 am – 12:00 pm — full-length mock test, then 1:00 pm – 3:00 pm discussion',
      'On Class 12 board exam days: classes are recorded and timings adjusted',
    ],
    duration: 'About 9–11 weeks, up to NEET 2027',
    batches: {
      c1: 'Crash batch C1 (about 11 weeks)',
      c2: 'Crash batch C2 (about 9 weeks)',
    },
    fees: {
      note: 'Includes GST, revision booklets and all mock tests. Students from our year-long courses get ₹3,000 off.',
      instalments: {
        admission: { label: 'First instalment', due: 'At admission' },
        'mar-2027': { label: 'Balance', due: 'By 15 March 2027' },
      },
    },
    covers: [
      'Revision of the full NCERT syllabus in Physics, Chemistry and Biology, unit by unit',
      'High-weightage chapters first: human physiology, genetics, electrostatics, chemical bonding and more',
      'Formula and reaction sheets you can revise in the last week',
      'NCERT Biology one-liners and diagram-based questions',
      'Solving previous-year NEET papers under time limits',
      'Test strategy: attempt order, time per section and avoiding negative marks',
    ],
    tests: [
      'One full-length NEET-pattern mock test every Sunday, ranked among everyone who takes it',
      'Daily 30-minute topic test at the end of each class',
      'Two extra full mocks in the final fortnight before NEET',
    ],
    material: [
      'Three compact revision booklets: Physics, Chemistry and Biology',
      'A bank of 3,000 practice questions arranged by chapter',
      'Mock test papers with detailed solutions',
    ],
    results: [
      {
        figure: '46',
        label: 'crash course students qualified NEET 2026',
      },
      {
        figure: '+62',
        label: 'average rise in marks from first to last mock test, 2026',
      },
    ],
    resultsOf: 'of {sat} crash course students who sat NEET 2026 ({batches} batches that year)',
    faqs: [
      {
        question: 'Class 12 board exams fall during the crash course. How does that work?',
        answer:
          'We publish the timetable around the CBSE and RBSE date sheets. On the day before and the day of a board paper, the class is recorded instead of held live for board students, so they can watch it later. Mock tests never fall on a board exam day.',
      },
      {
        question: 'Are 9 to 11 weeks enough to prepare for NEET?',
        answer:
          'Not from scratch. The crash course is a revision and practice course for students who have already studied the syllabus once. If your child has not covered most chapters yet, we will say so honestly at counselling and suggest a plan.',
      },
      {
        question: 'Can my child attend online instead of coming to the centre?',
        answer:
          'Yes. Every class is streamed live, and online students can ask questions in the chat. Mock tests are taken online at the same time as the classroom batch, with the same ranking.',
      },
    ],
  },
  foundation: {
    name: 'Foundation Course (Class 8–10)',
    shortName: 'Foundation',
    summary:
      'After-school science and maths for Class 8 to 10 that strengthens school topics, builds reasoning for Olympiads and the NMMS scholarship exam, and prepares the ground for NEET or JEE.',
    seo: {
      title: 'Foundation Course for Class 8–10 | Vidyarthi Academy',
      description:
        'After-school science and maths classes in Jaipur for Class 8, 9 and 10: strong school basics, Olympiad-style reasoning, and a base for NEET or JEE.',
    },
    audience: {
      classes: 'Class 8, 9 and 10',
      eligibility:
        'Students of any board in Class 8, 9 or 10. There is no entrance exam; a short conversation with your child helps us place them in the right batch.',
    },
    mode: 'Classroom, after school',
    schedule: [
      'Tuesday and Thursday: 4:30 pm – 7:00 pm',
      'Saturday: 3:00 pm – 6:00 pm — includes a test every second Saturday',
      'Class 10 only: extra board revision classes in January and February',
    ],
    duration: 'One academic year (April to February)',
    batches: {
      'class-9-10': 'Class 9 and 10 batch',
      'class-8': 'Class 8 batch',
    },
    fees: {
      note: 'Per year, GST included. Brothers and sisters of current students get 10% off.',
      instalments: {
        admission: { label: 'First instalment', due: 'At admission' },
        'jul-2027': { label: 'Second instalment', due: 'By 31 July 2027' },
        'oct-2027': { label: 'Third instalment', due: 'By 31 October 2027' },
      },
    },
    covers: [
      'Maths: number systems, algebra, geometry, mensuration and data handling, beyond textbook exercises',
      'Physics: motion, force, work and energy, light, electricity and magnetism',
      'Chemistry: matter, atoms and molecules, chemical reactions, acids, bases and salts, carbon compounds',
      'Biology: cells, tissues, life processes, heredity and the human body',
      'Mental ability and logical reasoning in the style of NMMS papers',
      'Science and Maths Olympiad practice with past-style questions',
      'Study habits: note-making, planning for school exams and checking your own answers',
    ],
    tests: [
      'Fortnightly Saturday test on the topics covered, with marks sent to parents',
      'Olympiad-pattern practice tests before the Olympiad season',
      'A term-end test in September and January, followed by a parent–teacher meeting',
    ],
    material: [
      'Printed worksheets for each chapter, graded from school level to Olympiad level',
      'A mental ability practice book',
      'Class 10 board sample papers with marking schemes',
    ],
    results: [
      {
        figure: '96',
        label: 'Class 10 Foundation students scored 90% or more in boards, 2026',
      },
      {
        figure: '57',
        label: 'students reached the second round of a Science or Maths Olympiad',
      },
      {
        figure: '18',
        label: 'students cleared the NMMS scholarship exam, 2025–26',
      },
    ],
    resultsOf: 'of {sat} students in our Foundation batches of 2025–26 ({batches} batches)',
    faqs: [
      {
        question: 'Isn’t Class 8 too early to start thinking about NEET or JEE?',
        answer:
          'We do not teach NEET or JEE content in Class 8. The course strengthens school Maths and Science and builds the habit of reasoning through problems. That base makes Class 11 much easier, whichever path your child chooses later.',
      },
      {
        question: 'Will this add too much to school homework?',
        answer:
          'Classes are three days a week and we keep home practice to about 30 minutes on class days. If school exams are close, teachers reduce the worksheet load for that week.',
      },
      {
        question: 'Do you help with school exams as well?',
        answer:
          'Yes. We follow the school syllabus order as closely as we can, and before half-yearly and annual exams we hold revision classes on school topics. Class 10 students get extra board revision classes in January and February.',
      },
      {
        question: 'Can my child move to the NEET or JEE course in Class 11?',
        answer:
          'Yes. Foundation students who move to any of our Class 11 courses get 10% off the first-year fee, on top of any scholarship test discount.',
      },
    ],
  },
  jee: {
    name: 'JEE Main Two-Year Course (Class 11–12)',
    shortName: 'JEE Main',
    summary:
      'A two-year JEE Main course on weekday evenings for Class 11 and 12 students, covering Physics, Chemistry and Maths alongside school and board exams.',
    seo: {
      title: 'JEE Main Coaching, Class 11 & 12 | Vidyarthi Academy',
      description:
        'Two-year JEE Main classroom coaching in Jaipur on weekday evenings for Class 11 and 12: Physics, Chemistry and Maths, regular tests, fees and batches.',
    },
    audience: {
      classes: 'Class 11 and 12',
      eligibility:
        'Students entering or in Class 11 with Physics, Chemistry and Maths. Class 12 students can join the Class 12 batch after a short placement test.',
    },
    mode: 'Classroom, weekday evenings',
    schedule: [
      'Monday – Friday: 5:00 pm – 8:30 pm — two lectures and a practice session',
      'Saturday: 4:00 pm – 7:00 pm — optional problem-solving and doubt class',
      'Alternate Sundays: 9:00 am – 12:00 pm — JEE Main-pattern test',
    ],
    duration: 'Two years (Class 11 and Class 12)',
    batches: {
      'class-11-j1': 'Class 11 evening batch J1',
      'class-12': 'Class 12 evening batch',
      'class-11-j2': 'Class 11 evening batch J2',
    },
    fees: {
      note: 'Fee per year, GST included; the Class 12 year costs the same. Your scholarship test score can take {scholarshipRange} off {scholarshipFeePart}.',
      instalments: {
        admission: { label: 'First instalment', due: 'At admission' },
        'jul-2027': { label: 'Second instalment', due: 'By 31 July 2027' },
        'oct-2027': { label: 'Third instalment', due: 'By 31 October 2027' },
        'apr-2028': { label: 'Class 12: first instalment', due: 'By 15 April 2028' },
        'jul-2028': { label: 'Class 12: second instalment', due: 'By 31 July 2028' },
        'oct-2028': { label: 'Class 12: third instalment', due: 'By 31 October 2028' },
      },
    },
    covers: [
      'Physics: mechanics, thermodynamics, waves, electricity and magnetism, optics and modern physics',
      'Physical Chemistry: mole concept, equilibrium, thermodynamics, electrochemistry and kinetics',
      'Organic and Inorganic Chemistry, with NCERT as the base for every inorganic chapter',
      'Maths: algebra, trigonometry, coordinate geometry, calculus, vectors and 3D geometry',
      'Numerical-value question practice for every chapter',
      'Class 11 and 12 board preparation, including practical exams',
    ],
    tests: [
      'JEE Main-pattern test on alternate Sundays: 75 questions, 3 hours, with percentile estimate',
      'Computer-based mock tests in our test lab from October of Class 12, like the NTA exam',
      'Daily practice problems (DPPs) for every chapter, checked weekly',
    ],
    material: [
      'Printed modules for Physics, Chemistry and Maths, chapter by chapter',
      'Chapter-wise JEE Main previous-year questions, with solutions',
      'Class recordings on the student portal for 7 days',
    ],
    results: [
      {
        figure: '138',
        label: 'students reached the JEE Advanced cut-off through JEE Main 2026',
      },
      {
        figure: '22',
        label: 'students scored the 98th percentile or above in JEE Main 2026',
      },
      {
        figure: '47',
        label: 'students got NIT, IIIT or GFTI seats through JoSAA 2026',
      },
    ],
    resultsOf: 'of {sat} Class 12 students who sat JEE Main 2026 ({batches} batches that year)',
    faqs: [
      {
        question: 'Does this course also prepare for JEE Advanced?',
        answer:
          'The course is built around JEE Main and the boards. For students who reach a strong level by Class 12, we run extra JEE Advanced problem sessions on Saturdays from August, at no extra fee.',
      },
      {
        question: 'Classes end at 8:30 pm. Is it safe to travel home?',
        answer:
          'Our centre is on a main road with security staff at the gate until 9:30 pm. Many parents share pick-up arrangements, and we can put you in touch with families from your area.',
      },
      {
        question: 'What if my child misses classes during school exams?',
        answer:
          'Recordings stay on the student portal for 7 days. Before school half-yearly and annual exams we also pause new topics for a few days so students are not left behind.',
      },
      {
        question: 'Can a student join in Class 12 if they did not take coaching in Class 11?',
        answer:
          'Yes, through the Class 12 batch. After a short placement test we give them a bridge plan for the Class 11 topics they need, with extra Saturday classes in the first three months.',
      },
    ],
  },
  'integrated-program': {
    name: 'Integrated School + Coaching Programme',
    shortName: 'Integrated Programme',
    summary:
      'School and NEET or JEE coaching in one daily timetable for Class 11 and 12, with our partner CBSE school, so students prepare for boards and entrance together.',
    seo: {
      title: 'Integrated School + NEET/JEE Programme | Vidyarthi Academy',
      description:
        'Class 11 and 12 with school and NEET or JEE Main coaching in one timetable, with our partner CBSE school in Jaipur. Fees, timings and batches.',
    },
    audience: {
      classes: 'Class 11 and 12',
      eligibility:
        'Students who have passed Class 10 (any board) and choose PCB for NEET or PCM for JEE. Admission to the partner school follows the school’s own rules; we help you with the form.',
    },
    mode: 'Classroom, full day (school + coaching)',
    schedule: [
      'Monday – Saturday: 8:00 am – 2:00 pm — school subjects and coaching in one timetable',
      'Monday – Friday: 3:00 pm – 5:00 pm — supervised practice and doubt clearing',
      'Alternate Sundays: 9:00 am – 12:00 pm — NEET or JEE Main-pattern test',
    ],
    duration: 'Two years (Class 11 and Class 12)',
    batches: {
      'neet-stream': 'Class 11 — NEET stream (PCB)',
      'jee-stream': 'Class 11 — JEE stream (PCM)',
    },
    fees: {
      note: 'Coaching fee per year, GST included. The partner school’s fee is paid directly to the school. Your scholarship test score can take {scholarshipRange} off {scholarshipFeePart}.',
      school:
        'Gyan Deep Senior Secondary School, Gopalpura, Jaipur (CBSE): its fee covers school tuition and laboratories, and is paid to the school.',
      instalments: {
        admission: { label: 'First instalment', due: 'At admission' },
        'jul-2027': { label: 'Second instalment', due: 'By 31 July 2027' },
        'nov-2027': { label: 'Third instalment', due: 'By 30 November 2027' },
        'apr-2028': { label: 'Class 12: first instalment', due: 'By 15 April 2028' },
        'jul-2028': { label: 'Class 12: second instalment', due: 'By 31 July 2028' },
        'nov-2028': { label: 'Class 12: third instalment', due: 'By 30 November 2028' },
      },
    },
    covers: [
      'NEET stream: Physics, Chemistry and Biology to NEET level, with the NCERT syllabus as the base',
      'JEE stream: Physics, Chemistry and Maths to JEE Main level',
      'CBSE board subjects, including English and one additional subject, taught by school teachers',
      'Practical work and record files in the school laboratories',
      'One combined calendar for school exams, board exams and entrance tests, so they never clash',
      'Monthly mentor meetings covering both school marks and test scores',
    ],
    tests: [
      'NEET or JEE Main-pattern tests on alternate Sundays, with rank and analysis',
      'School unit tests, half-yearly and pre-board exams as per CBSE',
      'Weekly short tests in the afternoon practice session',
    ],
    material: [
      'Printed coaching modules for your stream',
      'NCERT textbooks and board sample papers',
      'Chapter-wise previous-year NEET or JEE Main questions with solutions',
    ],
    results: [
      {
        figure: '94%',
        label: 'average attendance of integrated students in Class 12 (board year), 2025–26',
      },
      {
        figure: '61',
        label: 'integrated students qualified NEET or JEE Main in 2026',
      },
      {
        figure: '88%',
        label: 'average Class 12 board score, integrated batch of 2026',
      },
    ],
    resultsOf: 'of {sat} integrated students in Class 12 in 2025–26 ({batches} batches)',
    faqs: [
      {
        question: 'Is this a “dummy school” arrangement?',
        answer:
          'No. Students are enrolled in the partner school and attend it every day; school classes are part of the same timetable, and the school keeps attendance as CBSE requires. We plan coaching around the school day, not instead of it.',
      },
      {
        question: 'Which board is the partner school affiliated to?',
        answer:
          'The partner school is affiliated to CBSE. Students take the CBSE Class 11 school exams and the Class 12 board exams there.',
      },
      {
        question: 'Can my child switch between the NEET and JEE streams?',
        answer:
          'Yes, within the first two months of Class 11, if the school can change the subject combination (PCB or PCM). After that, switching is hard because the syllabus moves apart quickly.',
      },
      {
        question: 'Is there transport from home?',
        answer:
          'The partner school runs buses on several routes in Jaipur; route charges are paid to the school. We do not run our own transport.',
      },
    ],
  },
};
