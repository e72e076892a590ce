/**
 * A desk page's h1, which also names the browser tab ("Today · Enquiry desk"). When
 * staff move to another page, focus goes to its h1 (tabIndex -1: focusable by script,
 * not in the Tab order), so a screen reader announces the page and Tab starts there.
 * The first page the desk opens keeps the browser's own focus.
 */
import { Typography } from 'antd';
import { type CSSProperties, useEffect, useRef } from 'react';

export const DESK_NAME = 'Enquiry desk';
export const deskTitle = (page: string) => `${page} · ${DESK_NAME}`;

/**
 * What the tab says: the page, after the member's unread count when there is one ("(2) Today ·
 * Enquiry desk"), so a new lead shows on a tab in the background too (issue 41).
 */
const tab = { page: '', unread: 0 };
const writeTitle = () => {
  document.title = `${tab.unread > 0 ? `(${tab.unread}) ` : ''}${deskTitle(tab.page)}`;
};

/** Sets the tab's title for as long as the page is shown. */
export function useDeskTitle(page: string) {
  useEffect(() => {
    tab.page = page;
    writeTitle();
  }, [page]);
}

/** The member's unread notifications, counted in the tab's title (live.ts asks for them). */
export function countInTitle(unread: number) {
  if (tab.unread === unread) return;
  tab.unread = unread;
  if (tab.page) writeTitle();
}

let firstPage = true;

/** `title` names the tab when it differs from the heading (the sign-in page's h1 is the desk's name). */
export function PageHeading({ children, title, style }: { children: string; title?: string; style?: CSSProperties }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useDeskTitle(title ?? children);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      return;
    }
    heading.current?.focus();
  }, []);
  return (
    <Typography.Title ref={heading} tabIndex={-1} level={1} style={{ fontSize: 24, margin: 0, ...style }}>
      {children}
    </Typography.Title>
  );
}
