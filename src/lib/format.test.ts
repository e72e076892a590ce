import { describe, expect, it } from 'vitest';
import { formatDate, formatPhone, formatRupees, telHref, whatsappHref } from './format';

describe('format', () => {
  it('writes rupees with Indian digit grouping', () => {
    expect(formatRupees(110000)).toBe('₹1,10,000');
    expect(formatRupees(24000)).toBe('₹24,000');
  });

  it('writes an ISO date the same way in every time zone', () => {
    expect(formatDate('2027-04-05')).toBe('5 April 2027');
    expect(formatDate('2027-01-01')).toBe('1 January 2027');
  });

  it('spaces a +91 mobile number for reading', () => {
    expect(formatPhone('+919876500001')).toBe('+91 98765 00001');
  });

  it('builds call and WhatsApp links', () => {
    expect(telHref('+919876500001')).toBe('tel:+919876500001');
    expect(whatsappHref('+919876500002')).toBe('https://wa.me/919876500002');
    expect(whatsappHref('+919876500002', 'Hi & bye')).toBe('https://wa.me/919876500002?text=Hi%20%26%20bye');
  });
});
