import { describe, expect, it } from 'vitest';
import { cleanText, ZName, zMultilineText, zText } from './common';
import { OrgCreateSchemas } from './org';
import { ZCreateJobRequest, ZUpdateWorkflowTemplateRequest } from './jobs';
import { ZApplyQuestion, ZUpdateCareerSiteRequest } from './careers';
import { ZApplicantName, zApplicantAnswer } from './candidates';
import { ZAdminSignupRequest } from './users';
import { ZOnboardingRequest } from './auth';

const NUL = '\u0000';
const RLO = '\u202E';
const hostile = `A${NUL}d${RLO}a\u2066\u2069\u200F\u001B[31m${'\uD800'}`;

describe('cleanText', () => {
  it('strips C0 and C1 controls, bidi overrides and isolates, and lone surrogates', () => {
    expect(cleanText(hostile)).toBe('Ada[31m');
    expect(cleanText(`x\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061Cy`)).toBe('xy');
    expect(cleanText(`a\u007F\u0085b`)).toBe('ab');
    expect(cleanText('a\uDC00b\uD83D')).toBe('ab');
  });

  it('keeps what a person wrote: accents, scripts, emoji (whole surrogate pairs), joiners', () => {
    for (const text of ['Zoë Ødegård', 'محمد علي', 'שלום', '李小龙', 'Ana 👩🏽‍💻 ✓', 'O\u2019Brien']) expect(cleanText(text)).toBe(text);
  });

  it('single-line text turns tabs and line breaks into a space; multi-line keeps them (CRLF becomes LF)', () => {
    expect(cleanText('Ann\tLee\r\nSmith')).toBe('Ann Lee Smith');
    expect(cleanText(`one\r\ntwo\rthree\n\tfour${NUL}`, { multiline: true })).toBe('one\ntwo\nthree\n\tfour');
  });

  it('cleans before the length and required checks', () => {
    expect(zText().trim().min(1).safeParse(`${NUL}${RLO} `).success).toBe(false);
    expect(zMultilineText().max(3).parse(`a${NUL.repeat(10)}bc`)).toBe('abc');
  });
});

describe('the shared text schemas clean what they store', () => {
  const clean = 'Ada[31m';
  it('names of people, companies and applicants', () => {
    expect(ZName.parse(hostile)).toBe(clean);
    expect(ZApplicantName.parse(hostile)).toBe(clean);
    expect(ZOnboardingRequest.parse({ companyName: hostile, slug: 'acme', careerIntro: `Hi${RLO}\nthere` })).toMatchObject({ companyName: clean, careerIntro: 'Hi\nthere' });
    expect(ZAdminSignupRequest.parse({ firstName: hostile, lastName: 'Lee', email: 'a@b.test', role: 'employee', eCode: `E${NUL}1` })).toMatchObject({ firstName: clean, eCode: 'E1' });
  });

  it('organisation names, codes, locations and descriptions', () => {
    expect(OrgCreateSchemas.departments.parse({ name: hostile, description: `Line 1\nLine${NUL} 2` })).toEqual({ name: clean, description: 'Line 1\nLine 2' });
    expect(OrgCreateSchemas['job-codes'].parse({ code: `en${RLO}g-2${NUL}`, title: hostile, approvedHeadcount: 1 })).toMatchObject({ code: 'ENG-2', title: clean });
    expect(OrgCreateSchemas.locations.parse({ name: hostile, city: `Ber${NUL}lin`, addresses: [{ label: 'HQ', address: `Main St 1\n10115${RLO} Berlin` }] })).toMatchObject({
      name: clean,
      city: 'Berlin',
      addresses: [{ label: 'HQ', address: 'Main St 1\n10115 Berlin' }],
    });
    expect(OrgCreateSchemas.lists.parse({ name: 'Levels', options: [`Jun${NUL}ior`, 'Senior'] }).options).toEqual(['Junior', 'Senior']);
  });

  it('job titles, stages, comments; career-site text and apply answers', () => {
    const job = ZCreateJobRequest.parse({ title: hostile, departmentId: 'a'.repeat(24), locationId: 'b'.repeat(24), headcount: 1, employmentType: 'full_time', justification: `why${RLO}\nbecause`, description: `<p>x${NUL}</p>` });
    expect(job).toMatchObject({ title: clean, justification: 'why\nbecause', description: '<p>x</p>' });
    expect(ZUpdateWorkflowTemplateRequest.shape.stages.element.parse({ name: `Scr${NUL}een`, kind: 'screening' }).name).toBe('Screen');
    expect(ZUpdateCareerSiteRequest.parse({ intro: `Join us${RLO}\n\nWe build` }).intro).toBe('Join us\n\nWe build');
    expect(ZApplyQuestion.parse({ id: 'why', label: `Why${NUL}?` }).label).toBe('Why?');
    expect(zApplicantAnswer().parse(`Because\r\nI${'\uDFFF'} can`)).toBe('Because\nI can');
  });
});
