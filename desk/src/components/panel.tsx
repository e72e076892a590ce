/**
 * A box on a desk page with an optional heading: antd's Card look (its theme's colours,
 * border and radius) without Card's code, which brings Tabs along. The heading is an
 * h2 naming the region, under each page's h1.
 */
import { Grid, theme } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';

export function Panel({ title, style, children }: { title?: ReactNode; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  const padding = Grid.useBreakpoint().md ? 24 : 16;
  const id = useId();
  const line = `1px solid ${token.colorBorderSecondary}`;
  return (
    <section
      className="desk-panel"
      aria-labelledby={title ? id : undefined}
      style={{ background: token.colorBgContainer, border: line, borderRadius: token.borderRadiusLG, ...style }}
    >
      {title && (
        <h2
          id={id}
          style={{
            fontSize: 18,
            fontWeight: 600,
            lineHeight: 1.4,
            margin: 0,
            padding: `12px ${padding}px`,
            borderBottom: line,
          }}
        >
          {title}
        </h2>
      )}
      <div style={{ padding }}>{children}</div>
    </section>
  );
}
