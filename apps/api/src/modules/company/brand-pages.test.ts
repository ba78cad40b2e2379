import { describe, expect, it } from 'vitest';
import { renderOfferNotice } from '../offers/public/offer-public.render';
import { renderSlotPage } from '../interviews/self-scheduling/self-scheduling.render';
import { renderSurveyPage } from '../reports/candidates/nps/nps.render';
import { brandCandidateMail, type CompanyBrand } from './brand';

// Every candidate page draws the same brand (modules/company/brand.ts): logo, colour, name and address.

const brand: CompanyBrand = {
  name: 'Acme <Rockets>',
  color: '#7a1f5c',
  textColor: '#ffffff',
  logoPath: '/api/public/company-logo/0123456789abcdef01234567?v=abc',
  logoUrl: 'https://jobs.example.test/api/public/company-logo/0123456789abcdef01234567?v=abc',
  website: 'https://acme.example.test',
  about: '',
  addressLines: ['1 Launch Way', '10115 Berlin', 'DE'],
};

const pages = {
  offer: renderOfferNotice({ company: brand, title: 'Offer declined', message: 'You declined.' }),
  schedule: renderSlotPage({ info: { companyName: brand.name, jobTitle: 'Engineer', roundName: 'Tech', durationMinutes: 45, mode: 'video', brand }, action: '/schedule/x', timeZone: 'UTC', slots: [] }),
  survey: renderSurveyPage({ info: { companyName: brand.name, jobTitle: 'Engineer', brand }, action: '/survey/x' }),
};

describe('candidate pages in the brand', () => {
  for (const [name, html] of Object.entries(pages)) {
    it(`the ${name} page shows the logo, the colour on header and buttons, and the address (names escaped)`, () => {
      expect(html).toContain(`<img class="logo" src="${brand.logoPath!.replace('&', '&amp;')}" alt="Acme &lt;Rockets&gt; logo">`);
      expect(html).toContain(`header{border-bottom:4px solid #7a1f5c}`);
      expect(html).toContain(`button{background:#7a1f5c;color:#ffffff}`);
      expect(html).toContain('<address>1 Launch Way, 10115 Berlin, DE</address>');
      expect(html).not.toContain('Acme <Rockets>');
    });
  }
});

describe('brandCandidateMail', () => {
  it('frames the body with the logo, the colour bar and the footer; without a brand the mail is unchanged', () => {
    const mail = { html: '<p>Hello</p>', text: 'Hello', subject: 'Hi' };
    const branded = brandCandidateMail(brand, mail);
    expect(branded.html).toContain(`<img src="${brand.logoUrl}" alt="Acme &lt;Rockets&gt;"`);
    expect(branded.html).toContain('border-bottom:4px solid #7a1f5c');
    expect(branded.html).toContain('<p>Hello</p>');
    expect(branded.html).toContain('Acme &lt;Rockets&gt;<br>1 Launch Way<br>10115 Berlin<br>DE<br>https://acme.example.test');
    expect(branded.text).toBe('Hello\n\n--\nAcme <Rockets>\n1 Launch Way\n10115 Berlin\nDE\nhttps://acme.example.test');
    expect(branded.subject).toBe('Hi');
    expect(brandCandidateMail(null, mail)).toBe(mail);
    const noLogo = brandCandidateMail({ ...brand, logoUrl: null }, mail);
    expect(noLogo.html).toContain('<span style="font-size:20px;font-weight:600;color:#7a1f5c">Acme &lt;Rockets&gt;</span>');
  });
});
