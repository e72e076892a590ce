/**
 * The real page, rendered by the server from the draft (POST /api/staff/content/preview), in
 * English or Hindi, at a phone's width or a laptop's (drawn at 1280 pixels, shown smaller);
 * any of the pages what is edited appears on (a testimonial: the home page and each course
 * page), named as the site names them.
 * A form posts the draft into the frame, so the page arrives with its own security policy
 * (no script runs in it: the server takes them out, and the policy forbids any) and any
 * instance can render it: nothing is stored.
 */
import { Button, Flex, Segmented, Select } from 'antd';
import { memo, useId, useLayoutEffect, useRef, useState } from 'react';
import { localizedPath } from '../../../../shared/languages';
import { eventTypeOfPath, paths } from '../../../../shared/paths';
import { courseSlugs } from '../../../../shared/courses';
import type { SiteContent } from '../../../../src/content/site-content';

const WIDTHS = { Phone: 360, Laptop: 1280 } as const;
const HEIGHT = { Phone: 720, Laptop: 800 } as const;
type Width = keyof typeof WIDTHS;

/** A page of the site as the site names it (the menu's words, a course's or an event's name). */
function pageName(path: string, words: SiteContent['copy']['en']): string {
  if (path === paths.home) return words.ui.nav.home;
  if (path === paths.about) return words.ui.nav.about;
  if (path === paths.contact) return words.ui.nav.contact;
  const slug = courseSlugs.find((each) => paths.course(each) === path);
  if (slug) return words.courses[slug].name;
  const event = eventTypeOfPath(path);
  return event ? words.events.types[event].name : path;
}

/**
 * `document`: the draft when the preview is asked for. `pages`: the pages what is edited appears
 * on, the first shown first. `day`: the page as it will be that day (a publication scheduled for
 * it); today when not given.
 */
export const Preview = memo(function Preview({
  document,
  pages,
  day,
}: {
  document: () => SiteContent;
  pages: readonly string[];
  day?: string;
}) {
  const [path, setPath] = useState(pages[0] ?? paths.home);
  const [language, setLanguage] = useState<'en' | 'hi'>('en');
  const [width, setWidth] = useState<Width>('Phone');
  const [shown, setShown] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const frame = `preview-${useId().replaceAll(':', '')}`;

  useLayoutEffect(() => {
    const measure = () => setScale(Math.min(1, (box.current?.clientWidth ?? WIDTHS[width]) / WIDTHS[width]));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [width, shown]);

  const show = (next: { language?: 'en' | 'hi'; width?: Width; path?: string } = {}) => {
    if (next.path) setPath(next.path);
    if (next.language) setLanguage(next.language);
    if (next.width) setWidth(next.width);
    setShown(true);
    // The form's fields follow the state on the next render; post after it. The draft (some
    // 200 KB as JSON) is written into the form only then, never on a key.
    requestAnimationFrame(() => {
      if (sent.current) sent.current.value = JSON.stringify(document());
      form.current?.submit();
    });
  };

  return (
    <Flex vertical gap="small">
      <Flex wrap gap="small" align="center">
        <Button onClick={() => show()}>{shown ? 'Preview again' : 'Preview the page'}</Button>
        {pages.length > 1 && (
          <Select
            aria-label="Preview page"
            value={path}
            style={{ minWidth: 200 }}
            options={pages.map((page) => ({ value: page, label: pageName(page, document().copy.en) }))}
            onChange={(page) => show({ path: page })}
          />
        )}
        <Segmented<'en' | 'hi'>
          aria-label="Preview language"
          value={language}
          options={[
            { value: 'en', label: 'English' },
            { value: 'hi', label: 'हिन्दी' },
          ]}
          onChange={(value) => show({ language: value })}
        />
        <Segmented<Width>
          aria-label="Preview width"
          value={width}
          options={Object.keys(WIDTHS) as Width[]}
          onChange={(value) => show({ width: value })}
        />
      </Flex>
      <form ref={form} method="post" action={`${paths.api.staff}/content/preview`} target={frame} hidden>
        <input ref={sent} type="hidden" name="document" defaultValue="" />
        <input type="hidden" name="path" value={localizedPath(language, path)} />
        {day && <input type="hidden" name="day" value={day} />}
      </form>
      <div ref={box} style={{ width: '100%', overflow: 'hidden', display: shown ? undefined : 'none' }}>
        <div style={{ height: HEIGHT[width] * scale }}>
          <iframe
            name={frame}
            title={`Preview: ${language === 'en' ? 'English' : 'Hindi'}, ${width.toLowerCase()} width`}
            style={{
              width: WIDTHS[width],
              height: HEIGHT[width],
              border: '1px solid #d9d9d9',
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
              background: '#fff',
            }}
          />
        </div>
      </div>
    </Flex>
  );
});
