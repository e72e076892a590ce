/** Teachers and testimonials, each described once and referred to by id (../institute.ts says who teaches what). */
import type { Copy } from '../schema';

export const teachers: Copy['teachers'] = {
  'meenakshi-rathore': {
    name: 'Dr. Meenakshi Rathore',
    subject: 'Biology (Botany)',
    experience: '16 years teaching NEET Biology; co-founder; M.Sc., Ph.D. in Plant Sciences',
    bio: 'Meenakshi ma’am teaches straight from NCERT and is known for her hand-drawn diagrams. She also coordinates the NEET stream of the integrated programme.',
  },
  'rajat-khandelwal': {
    name: 'Rajat Khandelwal',
    subject: 'Physics',
    experience: '12 years teaching Physics for NEET and JEE; co-founder; B.Tech., M.Sc. Physics',
    bio: 'Rajat sir starts every topic with an everyday example before moving to numericals, and keeps extra practice sheets for students who find Physics hard.',
  },
  'imran-qureshi': {
    name: 'Dr. Imran Qureshi',
    subject: 'Biology (Zoology)',
    experience: '14 years teaching NEET Zoology; MBBS, former lecturer in Physiology',
    bio: 'Imran sir connects human physiology to what doctors actually see. He heads mentoring for the repeaters batches.',
  },
  'kavita-saxena': {
    name: 'Kavita Saxena',
    subject: 'Chemistry (Physical and Inorganic)',
    experience: '11 years teaching Chemistry for NEET; M.Sc., B.Ed.',
    bio: 'Kavita ma’am is patient with students who have lost confidence in Chemistry, and her monthly inorganic revision tables are a student favourite.',
  },
  'vikram-shekhawat': {
    name: 'Vikram Singh Shekhawat',
    subject: 'Physics (JEE)',
    experience: '13 years teaching JEE Physics; B.Tech. (Mechanical), M.Tech.',
    bio: 'Vikram sir teaches mechanics through diagrams built up step by step, and leads the Saturday problem-solving class for JEE students.',
  },
  'pooja-agarwal': {
    name: 'Pooja Agarwal',
    subject: 'Maths',
    experience: '11 years teaching JEE Maths; M.Sc. Mathematics',
    bio: 'Pooja ma’am is known for short, clear methods in calculus and coordinate geometry, and for checking every student’s practice notebook herself.',
  },
  'neha-joshi': {
    name: 'Neha Joshi',
    subject: 'Maths (Foundation)',
    experience: '9 years teaching Class 6–10 Maths; M.Sc. Mathematics, B.Ed.',
    bio: 'Neha ma’am makes sure every Foundation student can explain a method, not just repeat it, and runs Olympiad Maths practice on Saturdays.',
  },
  'sunita-choudhary': {
    name: 'Sunita Choudhary',
    subject: 'Chemistry (Organic)',
    experience: '10 years teaching Organic Chemistry; M.Sc. Chemistry',
    bio: 'Sunita ma’am breaks reaction mechanisms into a few patterns students can reuse. She also takes the weekday doubt counter on Tuesdays and Thursdays.',
  },
  'anil-meena': {
    name: 'Anil Meena',
    subject: 'Science',
    experience: '8 years teaching middle and secondary school Science; M.Sc. Physics',
    bio: 'Anil sir uses simple demonstrations in class, from a home-made electroscope to a pinhole camera, so that Class 8 students see the science before they write it down.',
  },
  'deepak-jangid': {
    name: 'Deepak Jangid',
    subject: 'Chemistry',
    experience: '9 years teaching JEE Chemistry; M.Sc. Chemistry',
    bio: 'Deepak sir connects physical chemistry numericals to what students see in the lab, and keeps inorganic chemistry tied closely to NCERT.',
  },
};

export const testimonials: Copy['testimonials'] = {
  'ananya-sharma': {
    quote:
      'I could not leave school for coaching, so weekends were all I had. The fortnightly tests showed me exactly which Biology chapters I kept getting wrong, and Meenakshi ma’am’s NCERT sessions fixed most of them.',
    name: 'Ananya Sharma',
    detail: 'Weekend batch 2025–26',
  },
  'rakesh-saini': {
    quote:
      'As parents we wanted our son to stay in regular school. The monthly progress report and the mentor’s calls kept us informed without us having to chase anyone.',
    name: 'Rakesh Saini',
    detail: 'Parent of a Class 12 student, weekend batch',
  },
  'mohit-gurjar': {
    quote:
      'After my first attempt I was sure I would never get past 450. My mentor went through my score card with me on day one and we made a plan chapter by chapter. The Sunday tests kept me honest all year.',
    name: 'Mohit Gurjar',
    detail: 'Repeaters batch 2025–26',
  },
  'farida-bano': {
    quote:
      'The counsellor sessions helped my daughter more than we expected. She was calmer by December, and her test scores showed it.',
    name: 'Farida Bano',
    detail: 'Parent of a repeaters batch student, NEET 2026',
  },
  'sneha-verma': {
    quote:
      'I had finished the syllabus but my revision was all over the place. The Sunday mocks showed me where I was losing time, and by the last few tests I was finishing with 15 minutes to spare.',
    name: 'Sneha Verma',
    detail: 'Crash batch C1',
  },
  'sarita-agarwal': {
    quote:
      'My daughter used to dread Maths. After a year with Neha ma’am she enjoys the Olympiad worksheets and asks for more.',
    name: 'Sarita Agarwal',
    detail: 'Parent of a Class 9 Foundation student',
  },
  'aditya-mathur': {
    quote:
      'The reasoning classes helped me in school tests too. Class 11 Physics felt familiar because we had already done the basics properly.',
    name: 'Aditya Mathur',
    detail: 'Foundation 2023–25, now in Class 11 (JEE Main course)',
  },
  'harsh-vardhan-rao': {
    quote:
      'Coming straight from school to evening classes was tiring at first, but the timetable left Sundays mostly free. The computer-based mocks made the real JEE Main feel familiar.',
    name: 'Harsh Vardhan Rao',
    detail: 'Now at MNIT Jaipur',
  },
  'ishita-bansal': {
    quote: 'Pooja ma’am checked my DPP notebook every week. I could not skip practice even if I wanted to.',
    name: 'Ishita Bansal',
    detail: 'Class 12, 2025–26',
  },
  'manoj-kumawat': {
    quote:
      'We were worried our son would have to choose between school and coaching. Having one timetable meant he was home by 5:30 most days and still did well in boards.',
    name: 'Manoj Kumawat',
    detail: 'Parent, integrated programme 2024–26',
  },
  'priya-choudhary': {
    quote:
      'Because school and coaching teachers talked to each other, I never had two different tests on the same day.',
    name: 'Priya Choudhary',
    detail: 'Integrated NEET stream',
  },
  'sunil-meena': {
    quote:
      'The teachers call us before we have to call them. When my son’s Physics marks slipped in October, we heard about it that week, along with a plan.',
    name: 'Sunil Meena',
    detail: 'Parent of a JEE Main Class 12 student',
  },
};
