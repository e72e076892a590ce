import { describe, expect, it } from 'vitest';
import { courses } from './courses';
import { courseSchema, siteSchema } from './schema';
import { site } from './site';
import { validateContent } from './validate';

describe('content', () => {
  it('passes every schema and cross-check', () => {
    expect(validateContent()).toEqual([]);
  });

  it('rejects a course whose search description is too short to be useful', () => {
    const broken = { ...courses[0], seo: { title: 'NEET', description: 'Too short.' } };
    const result = courseSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('seo.description');
  });

  it('rejects a phone number that is not an Indian mobile', () => {
    expect(siteSchema.safeParse({ ...site, phone: '+915555500001' }).success).toBe(false);
  });

  it('rejects a course with an unknown slug', () => {
    expect(courseSchema.safeParse({ ...courses[0], slug: 'neet-weekday' }).success).toBe(false);
  });
});
