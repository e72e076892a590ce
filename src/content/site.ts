/**
 * The institute itself: name, contact details and address. Vidyarthi Academy is
 * a fictional institute; the domain, numbers and address are sample data.
 */
import type { Site } from './schema';

const street = 'Second Floor, Saraswati Complex, Plot 14, Gopalpura Bypass Road';
const locality = 'Gopalpura';
const city = 'Jaipur';
const state = 'Rajasthan';
const postalCode = '302018';

export const site: Site = {
  name: 'Vidyarthi Academy',
  shortName: 'Vidyarthi',
  tagline: 'Steady, careful coaching for NEET, JEE Main and Class 8–10 Foundation in Jaipur',
  origin: 'https://vidyarthi-academy.example',
  phone: '+919876500001',
  whatsapp: '+919876500002',
  email: 'admissions@vidyarthi-academy.example',
  address: {
    street,
    locality,
    city,
    state,
    postalCode,
    country: 'IN',
  },
  mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
    `${street}, ${locality}, ${city}, ${state} ${postalCode}`,
  )}`,
  hours: [
    { days: 'Monday – Saturday', time: '8:00 am – 8:00 pm' },
    { days: 'Sunday', time: '9:00 am – 2:00 pm' },
  ],
  foundedYear: 2011,
  grievanceOfficer: {
    name: 'Sunita Rathore (Office Manager)',
    email: 'privacy@vidyarthi-academy.example',
    phone: '+919876500003',
  },
};
