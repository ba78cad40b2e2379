import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { needlesOf, scrubText, scrubValue } from './people';

const needles = needlesOf({ names: ['Ann Lee-Smith', 'Ann', 'Lee-Smith'], emails: ['ann.lee@example.test'], phones: ['+44 (0)20 7946 0781'] });

describe('what names a person in free text', () => {
  it('replaces the full name, each name part as a whole word, the email and the phone as typed or as digits', () => {
    expect(scrubText('Call Ann Lee-Smith on +44 (0)20 7946 0781 or 4402079460781.', needles)).toBe('Call Erased candidate on [erased] or [erased].');
    expect(scrubText('Mail ANN.LEE@example.test; ann was great', needles)).toBe('Mail [erased]; [erased] was great');
    // Parts of other words stay: "Annual", "Annika".
    expect(scrubText('Annual review with Annika', needles)).toBe('Annual review with Annika');
  });

  it('walks objects and arrays, leaving ids, dates and codes (kinds, statuses) as they are', () => {
    const id = new Types.ObjectId();
    const at = new Date();
    const { value, changed } = scrubValue({ id, at, kind: 'Ann', list: ['Ann Lee-Smith', 3], nested: { note: 'from Ann' } }, needles);
    expect(changed).toBe(true);
    expect(value).toEqual({ id, at, kind: 'Ann', list: ['Erased candidate', 3], nested: { note: 'from [erased]' } });
    expect(scrubValue({ note: 'nothing here' }, needles).changed).toBe(false);
  });
});
