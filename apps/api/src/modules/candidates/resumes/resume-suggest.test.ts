import { describe, expect, it } from 'vitest';
import { DefaultSkills, suggestFromResume } from './resume-suggest';

describe('suggestFromResume', () => {
  it('reads name, email, phone and title from the top of a résumé', () => {
    const text = 'CURRICULUM VITAE\nMaría José García-López\nLead Data Scientist\nMadrid, 2018 – 2024\nmaria.garcia@Example.test | +34 (91) 123-4567';
    expect(suggestFromResume(text, DefaultSkills)).toMatchObject({
      firstName: 'María',
      lastName: 'José García-López',
      email: 'maria.garcia@example.test',
      phone: '+34 (91) 123-4567',
      currentTitle: 'Lead Data Scientist',
    });
  });

  it('matches skills as whole words, symbols included, in vocabulary order', () => {
    const text = 'Jane Doe\nGood at C++, C# and .NET; some Node.js. Going to learn Rust.\nLanguages: English';
    const { skills } = suggestFromResume(text, DefaultSkills);
    expect(skills).toEqual(['Rust', 'C++', 'C#', 'Node.js', '.NET', 'English']);
    expect(skills).not.toContain('Go');
  });

  it('suggests nothing it did not find', () => {
    expect(suggestFromResume('Experience\n2019 - 2024\n\n', DefaultSkills)).toEqual({ firstName: '', lastName: '', email: '', phone: '', currentTitle: '', skills: [] });
  });
});
