import type { TResumeSuggestions } from '@hireflow/contracts/candidates-resumes';
import { escapeRegex } from '../../../lib/escape-regex';

/** The skills every company's vocabulary starts with; admins add their own (company settings, Lists). */
export const DefaultSkills = [
  'JavaScript', 'TypeScript', 'Python', 'Java', 'Kotlin', 'Swift', 'Go', 'Rust', 'C++', 'C#', 'Ruby', 'PHP', 'Scala',
  'SQL', 'PostgreSQL', 'MySQL', 'MongoDB', 'Redis', 'Elasticsearch', 'GraphQL', 'REST',
  'React', 'Angular', 'Vue', 'Node.js', 'Express', 'Next.js', 'Django', 'Flask', 'Spring', '.NET', 'Rails',
  'HTML', 'CSS', 'Tailwind', 'Figma', 'UX research', 'UI design',
  'AWS', 'Azure', 'Google Cloud', 'Docker', 'Kubernetes', 'Terraform', 'Linux', 'CI/CD', 'Git',
  'Machine learning', 'Data analysis', 'Pandas', 'TensorFlow', 'PyTorch', 'Spark', 'Tableau', 'Power BI', 'Excel',
  'Product management', 'Project management', 'Agile', 'Scrum', 'Jira',
  'Sales', 'Account management', 'Negotiation', 'Salesforce', 'HubSpot', 'Marketing', 'SEO', 'Content writing', 'Copywriting',
  'Recruiting', 'Sourcing', 'Customer support', 'Accounting', 'Bookkeeping', 'Financial analysis', 'Budgeting',
  'Leadership', 'Communication', 'Public speaking', 'English', 'German', 'French', 'Spanish',
];

const EmailPattern = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
const PhonePattern = /(?:\+|\b)\d[\d ().-]{5,18}\d\b/g;
const TitleWords = /\b(engineer|developer|manager|designer|analyst|scientist|consultant|architect|recruiter|specialist|lead|director|officer|administrator|accountant|assistant|coordinator|representative|executive|intern|head|product owner|marketer|writer|nurse|teacher)\b/i;

const Headings = /^(curriculum vitae|resume|résumé|cv|profile|personal details|contact( details)?|about me|summary)$/i;
const looksLikeName = (line: string) => !Headings.test(line) && /^[\p{L}][\p{L}'’.-]*(?: [\p{L}][\p{L}'’.-]*){1,3}$/u.test(line) && !TitleWords.test(line) && line.length <= 60;

/** A term of the vocabulary found as a whole word ("Go" not in "good", "C++" and ".NET" as written). */
function skillPattern(skill: string) {
  return new RegExp(`(?<![\\p{L}\\p{N}+#.])${escapeRegex(skill)}(?![\\p{L}\\p{N}+#]|\\.[\\p{L}])`, 'iu');
}

/**
 * What a résumé's text suggests: the name (its first line that reads like one), the first email and
 * phone number, a current title (the first short line naming a job) and the vocabulary's skills it
 * mentions, in vocabulary order. A guess for a person to check, never saved on its own.
 */
export function suggestFromResume(text: string, vocabulary: readonly string[]): TResumeSuggestions {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 200);
  const nameLine = lines.slice(0, 8).find(looksLikeName) ?? '';
  const [firstName = '', ...rest] = nameLine.split(' ');
  const email = (text.match(EmailPattern)?.[0] ?? '').toLowerCase();
  const phone = (text.match(PhonePattern) ?? []).map((p) => p.trim()).find((p) => {
    const digits = p.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15 && !/^\d{4}\s*[-–]\s*\d{4}$/.test(p);
  }) ?? '';
  const currentTitle = lines.slice(0, 15).find((l) => l !== nameLine && l.length <= 80 && !l.includes('@') && TitleWords.test(l) && !/^skills\b/i.test(l)) ?? '';
  const body = text.slice(0, 100_000);
  const skills = vocabulary.filter((skill) => skillPattern(skill).test(body));
  return { firstName, lastName: rest.join(' '), email, phone, currentTitle: currentTitle.replace(/^(title|position)\s*:\s*/i, ''), skills };
}

export const NoSuggestions: TResumeSuggestions = { firstName: '', lastName: '', email: '', phone: '', currentTitle: '', skills: [] };
