/**
 * A PSA-style collection list (docs/choices.md 29): one graded card a row, by its label's parts (Year, Brand,
 * Card Number, Subject, Variety, Grade, Cert Number, optional Value and Slot). A grade or cert
 * with no grader named is PSA's.
 */
import { gradeInputs } from './cells.ts';
import type { TReadLayout } from './layout.ts';

const CERT = ['Cert Number', 'Cert', 'Cert No', 'Certification Number', 'Certificate Number'];
const SUBJECT = ['Subject', 'Player', 'Subject/Player', 'Player/Subject'];
/** The columns that name a PSA-style list (a bare 'Player' or 'Cert' column may be any app's: those files are mapped). */
const KNOWN_BY = ['certnumber', 'certno', 'certificationnumber', 'certificatenumber', 'subject', 'subjectplayer', 'playersubject'];

export const psaStyleLayout: TReadLayout = {
  id: 'psa',
  name: 'PSA-style export',
  detect: (names) => KNOWN_BY.some((n) => names.has(n)),
  read(row) {
    const grade = gradeInputs(row.cell('Grade', 'Card Grade', 'Item Grade'));
    const cert = row.cell(...CERT);
    return {
      slot: row.cell('Slot', 'Slot Number'),
      value: row.cell('Value', 'My Value', 'Estimated Value', 'Price Guide Value', 'Price'),
      fields: {
        year: row.cell('Year'),
        set: row.cell('Brand', 'Set', 'Set Name'),
        cardNumber: row.cell('Card Number', 'Card No', 'Number'),
        subject: row.cell(...SUBJECT),
        variety: row.cell('Variety', 'Variety/Pedigree', 'Variation', 'Pedigree'),
        ...grade,
        grader: grade.grader || (grade.grade || grade.qualifier || cert ? 'PSA' : ''),
        certNumber: cert,
      },
    };
  },
};
