import { buildApplicationSchema, formFieldsSchema } from '@flagship/api-client';
import { describe, expect, it } from 'vitest';
import { APPLICATIONS } from './data-applicants';
import { projectSeeds } from './data-projects';
import { addDays, companyCreditCode, isoDate } from './helpers';
import { placeFiles } from './review-work';

// The seed checks its applications against their forms and stops if one fails, so a fresh
// server would not start: they must pass whatever the date (forms and dates follow the clock).
describe('demo applications', () => {
  for (const at of ['2026-01-01T00:30:00+08:00', '2026-06-15T12:00:00+08:00', '2026-12-31T23:30:00+08:00', '2028-02-29T09:00:00+08:00']) {
    it(`pass their forms when seeded at ${at}`, async () => {
      const now = new Date(at);
      const calls = projectSeeds(now);
      for (const seed of APPLICATIONS) {
        const call = calls.find((p) => p.title.endsWith(`年度${seed.call}`));
        expect(call, seed.call).toBeDefined();
        const fields = formFieldsSchema.parse(call!.forms[0]!.fields);
        const kinds = new Map<number, 'pdf' | 'png'>();
        const data = await placeFiles(seed.data({ regionId: () => 7, creditCode: (_, body) => companyCreditCode('330106', body), day: (days) => isoDate(addDays(now, days)) }), async (file) => {
          kinds.set(kinds.size + 1, file.type);
          return kinds.size;
        });
        const files = (id: number) => (kinds.get(id) === 'png' ? { name: 'a.png', mime: 'image/png', size: 1000 } : { name: 'a.pdf', mime: 'application/pdf', size: 1000 });
        const parsed = buildApplicationSchema(fields, { mode: 'submit', files }).safeParse(data);
        expect(parsed.error?.issues[0]?.message, `${seed.applicant} → ${seed.call}`).toBeUndefined();
      }
    });
  }
});
