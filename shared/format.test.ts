import { describe, expect, it } from 'vitest';
import {
  fill,
  formatClock,
  formatDate,
  formatPhone,
  formatRupees,
  nationalPhone,
  telHref,
  whatsappHref,
} from './format';

describe('format', () => {
  it('writes rupees with Indian digit grouping', () => {
    expect(formatRupees(110000, 'en')).toBe('₹1,10,000');
    expect(formatRupees(24000, 'en')).toBe('₹24,000');
    expect(formatRupees(110000, 'hi')).toBe('₹1,10,000');
  });

  it('writes an ISO date the same way in every time zone', () => {
    expect(formatDate('2027-04-05', 'en')).toBe('5 April 2027');
    expect(formatDate('2027-01-01', 'en')).toBe('1 January 2027');
  });

  it('writes dates in Hindi on Hindi pages', () => {
    expect(formatDate('2027-04-05', 'hi')).toBe('5 अप्रैल 2027');
    expect(formatDate('2027-01-01', 'hi')).toBe('1 जनवरी 2027');
  });

  it('writes a time of day as each language says it: am/pm in English, the part of the day in Hindi', () => {
    expect(formatClock('10:00', 'en')).toBe('10:00 am');
    expect(formatClock('16:30', 'en')).toBe('4:30 pm');
    expect(['09:30', '12:00', '16:00', '20:00'].map((clock) => formatClock(clock, 'hi'))).toEqual([
      'सुबह 9:30',
      'दोपहर 12:00',
      'शाम 4:00',
      'रात 8:00',
    ]);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill('{count} seats left', { count: 3 })).toBe('3 seats left');
    expect(fill('Call {name} on {phone}', { name: 'us' })).toBe('Call us on {phone}');
  });

  it('spaces a +91 mobile number for reading', () => {
    expect(formatPhone('+919876500001')).toBe('+91 98765 00001');
  });

  it('writes a +91 mobile as read in India, which a spreadsheet keeps as text (no +, a space)', () => {
    expect(nationalPhone('+919876543210')).toBe('98765 43210');
    expect(nationalPhone('+14155550100')).toBe('+14155550100');
  });

  it('builds call and WhatsApp links', () => {
    expect(telHref('+919876500001')).toBe('tel:+919876500001');
    expect(whatsappHref('+919876500002')).toBe('https://wa.me/919876500002');
    expect(whatsappHref('+919876500002', 'Hi & bye')).toBe('https://wa.me/919876500002?text=Hi%20%26%20bye');
  });
});
