/**
 * The real page, rendered by the server from the draft (POST /api/staff/content/preview), in
 * English or Hindi, at a phone's width or a laptop's (drawn at 1280 pixels, shown smaller).
 * A form posts the draft into the frame, so the page arrives with its own security policy
 * (no script runs in it: the server takes them out, and the policy forbids any) and any
 * instance can render it: nothing is stored.
 */
import { Button, Flex, Segmented } from 'antd';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { localizedPath } from '../../../shared/languages';
import { paths } from '../../../shared/paths';
import type { SiteContent } from '../../../src/content/site-content';

const WIDTHS = { Phone: 360, Laptop: 1280 } as const;
const HEIGHT = { Phone: 720, Laptop: 800 } as const;
type Width = keyof typeof WIDTHS;

/** `document`: the draft when the preview is asked for. `day`: the page as it will be that day (a publication scheduled for it); today when not given. */
export function Preview({ document, path, day }: { document: () => SiteContent; path: string; day?: string }) {
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

  const show = (next: { language?: 'en' | 'hi'; width?: Width } = {}) => {
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
}
