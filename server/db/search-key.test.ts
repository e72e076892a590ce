import { describe, expect, it } from 'vitest';
import { searchKey, searchKeyColumns, searchedKey as searchedKeyOf } from './search-key';

/** Names and cities as families type them, in Latin and in Devanagari: each pair must meet. */
const samePerson: [string, string][] = [
  ['Sharma', 'शर्मा'],
  ['Verma', 'वर्मा'],
  ['Gupta', 'गुप्ता'],
  ['Singh', 'सिंह'],
  ['Yadav', 'यादव'],
  ['Kumar', 'कुमार'],
  ['Priya', 'प्रिया'],
  ['Aarav', 'आरव'],
  ['Ananya', 'अनन्या'],
  ['Ishaan', 'ईशान'],
  ['Lakshmi', 'लक्ष्मी'],
  ['Laxmi', 'लक्ष्मी'],
  ['Khushi', 'ख़ुशी'],
  ['Shreya', 'श्रेया'],
  ['Aditya', 'आदित्य'],
  ['Mohammed', 'मोहम्मद'],
  ['Mohd', 'मोहम्मद'],
  ['Md. Irfan', 'मोहम्मद इरफ़ान'],
  ['Rahul Verma', 'राहुल वर्मा'],
  ['Sinha', 'सिन्हा'],
  ['Krishna', 'कृष्ण'],
  ['Pooja', 'पूजा'],
  ['Deepak', 'दीपक'],
  ['Sanjay', 'संजय'],
  ['Zoya', 'ज़ोया'],
  ['Kota', 'कोटा'],
  ['Jaipur', 'जयपुर'],
  ['Indore', 'इंदौर'],
  ['Patna', 'पटना'],
  ['Lucknow', 'लखनऊ'],
  ['Mumbai', 'मुंबई'],
  ['Udaipur', 'उदयपुर'],
  ['Jodhpur', 'जोधपुर'],
];

/** Spellings of one name in Latin. */
const sameSpelling: [string, string][] = [
  ['Sharma', 'sarma'],
  ['Priya', 'PRIYA'],
  ['Aarav', 'Arav'],
  ['Ishaan', 'Ishan'],
  ['Naveen', 'Navin'],
  ['Pooja', 'Puja'],
  ['Pawan', 'Pavan'],
  ['Mohammed', 'Muhammad'],
  ['Verma', 'Varma'],
  ['Seema', 'Sima'],
  ['Chhaya', 'Chaya'],
  ['Jaipur', 'Jaypur'],
];

/**
 * Different names that must not fold together. The folding drops no final vowel a Latin
 * spelling writes (Ankit is not Ankita) and keeps a first e (Esha is not Asha); Singh and
 * Sinha stay apart.
 */
const differentPeople: [string, string][] = [
  ['Ram', 'Rama'],
  ['Ankit', 'Ankita'],
  ['Amit', 'Amita'],
  ['Aditya', 'Aditi'],
  ['Harsh', 'Harsha'],
  ['Asha', 'Esha'],
  ['Asha', 'Isha'],
  ['Singh', 'Sinha'],
  ['Priya', 'Piya'],
  ['Karan', 'Kiran'],
  ['Mohan', 'Mohini'],
  ['Sita', 'Shweta'],
  ['Kota', 'Kutta'],
];

describe('searchKey', () => {
  it.each(samePerson)('%s and %s meet', (latin, devanagari) => {
    expect(searchKey(latin)).not.toBe('');
    expect(searchKey(devanagari)).toBe(searchKey(latin));
  });

  it.each(sameSpelling)('%s and %s meet', (one, other) => {
    expect(searchKey(other)).toBe(searchKey(one));
  });

  it.each(differentPeople)('%s and %s stay apart', (one, other) => {
    expect(searchKey(other)).not.toBe(searchKey(one));
  });

  it('drops the inherent a Hindi does not say, at the end and between syllables, not after two consonants', () => {
    expect(searchKey('राहुल')).toBe('rahul');
    expect(searchKey('राजकुमार')).toBe('rajkumar');
    expect(searchKey('आदित्य')).toBe('aditya');
  });

  it('of a list of common names, only spellings of one name fold together', () => {
    const names = `Aarav Vivaan Aditya Aditi Arjun Sai Reyansh Krishna Ishaan Rohan Kabir Ananya Diya Aadhya
      Saanvi Priya Piya Kavya Isha Meera Riya Pooja Rajesh Suresh Ramesh Sunita Anita Manoj Kavita Vikram Neha
      Sanjay Ram Rama Ramya Raman Sita Shyam Karan Kiran Arun Aruna Varun Tarun Nitin Navin Pavan Dev Deva Devi
      Divya Dhruv Amit Amita Sumit Sumita Mohan Mohini Rohit Rahul Ravi Rekha Radha Raju Raj Rajan Ranjan Sachin
      Nikhil Nikita Ankit Ankita Sharma Verma Gupta Singh Sinha Kumar Kumari Patel Yadav Joshi Agarwal Mishra
      Meena Mona Jain Reddy Nair Khan Das Mehta Lakshmi Khushi Shreya Mohammed Ahmed Imran Irfan Salman Sultan
      Hema Uma Usha Asha Esha Seema Soma Sona Sonu Sonia Tanya Tanu Tina Sakshi Saksham Harsh Harsha Vijay
      Vijaya Ajay Jay Jaya`.split(/\s+/);
    const byKey = new Map<string, string[]>();
    for (const name of names) byKey.set(searchKey(name), [...(byKey.get(searchKey(name)) ?? []), name]);
    expect([...byKey.values()].filter((group) => group.length > 1)).toEqual([]);
  });

  it('leaves out what is not a letter, and letters of other scripts', () => {
    expect(searchKey('  Priya  (Sharma) 2nd ')).toBe('priya sarma nd');
    expect(searchKey('José')).toBe(searchKey('Jose'));
    expect(searchKey('பிரியா Priya')).toBe('priya');
    expect(searchKey('—')).toBe('');
  });
});

describe('stored keys', () => {
  it('the student and the parent, each word after a space, names apart; the city', () => {
    expect(searchKeyColumns({ studentName: 'राहुल वर्मा', parentName: 'Sunita Verma', city: 'कोटा' })).toEqual({
      name_key: ' rahul varma| sunita varma',
      city_key: ' kota',
    });
    expect(searchKeyColumns({ studentName: 'Asha', city: '' })).toEqual({ name_key: ' asa', city_key: null });
  });

  it('only for the fields given (a detail added later changes the city alone)', () => {
    expect(searchKeyColumns({ city: 'Kota' })).toEqual({ city_key: ' kota' });
    expect(searchKeyColumns({})).toEqual({});
  });

  it('a search looks for the start of a word: Ram finds Rama and Ramesh, not Sitaram', () => {
    const stored = (name: string) => searchKeyColumns({ studentName: name }).name_key ?? '';
    const searchedKey = (typed: string) => searchedKeyOf(typed) ?? 'none';
    expect(stored('Rama Devi')).toContain(searchedKey('Ram'));
    expect(stored('राम')).toContain(searchedKey('Ram'));
    expect(stored('Ramesh')).toContain(searchedKey('Ram'));
    expect(stored('Sitaram')).not.toContain(searchedKey('Ram'));
    expect(stored('Rahul Verma')).toContain(searchedKey('rahul वर्मा'));
    expect(searchKeyColumns({ studentName: 'Amit Verma', parentName: 'Sunita' }).name_key).not.toContain(
      searchedKey('Verma Sunita'),
    );
  });

  it('a search of fewer than three letters once folded has no key', () => {
    expect(searchedKeyOf('Sha')).toBeUndefined();
    expect(searchedKeyOf('शर्')).toBe(' sar');
  });
});
