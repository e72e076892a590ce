const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** 110000 → "₹1,10,000" (Indian digit grouping). */
export const formatRupees = (amount: number): string => rupees.format(amount);

const longDate = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2027-04-05" → "5 April 2027", the same on the build machine and every phone. */
export const formatDate = (isoDate: string): string => longDate.format(new Date(`${isoDate}T00:00:00Z`));

/** "+919876500001" → "+91 98765 00001". */
export const formatPhone = (e164: string): string => e164.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');

/** A tel: link for a stored +91 number. */
export const telHref = (e164: string): string => `tel:${e164}`;

/** A WhatsApp click-to-chat link, optionally with a first message typed in. */
export const whatsappHref = (e164: string, text?: string): string =>
  `https://wa.me/${e164.replace(/^\+/, '')}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
