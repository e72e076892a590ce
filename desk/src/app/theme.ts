/**
 * The desk's look: the public site's tokens (colours, radius, type, src/config/theme.ts), with
 * the menu's selected item in the darker blue that reads 5:1 (as links do). Its antd styles are
 * extracted once at build time (scripts/vite-plugin-antd-css.ts deskAntdCss) into a stylesheet
 * the desk links, so no page generates them in the browser. Chromium's main-thread time for a
 * page's load (TaskDuration, medians of nine loads at 390 px) went from 574 to 354 ms for the
 * enquiries and from 876 to 742 ms for a course's content, every time a counsellor opens the
 * desk on a phone. Read by the build (in Node) and by the desk; nothing here touches the DOM.
 */
import type { ThemeConfig } from 'antd';
import { brand, themeConfig } from '../../../src/config/theme';

/** The class antd puts on every component, under which the stylesheet defines the theme's variables. */
export const DESK_THEME_CLASS = 'desk-theme';

export const deskTheme = {
  ...themeConfig,
  cssVar: { key: DESK_THEME_CLASS },
  components: {
    ...themeConfig.components,
    Menu: { itemSelectedColor: brand.primaryText, horizontalItemSelectedColor: brand.primaryText },
  },
} satisfies ThemeConfig;

/**
 * The antd components whose styles the stylesheet carries: every one the desk imports
 * (theme.test.ts reads desk/src for them), and those they draw inside themselves
 * (a table's pagination, its empty state, its filters' dropdown and checkboxes; a confirmation's
 * popover; the App's messages and notifications). A component missing here renders unstyled; the
 * browser tests check every desk page for one (tests/e2e/desk-a11y.spec.ts).
 */
export const deskAntdComponents = [
  // Imported by the desk.
  'Alert',
  'App',
  'Button',
  'Checkbox',
  'Col',
  'Collapse',
  'Descriptions',
  'Flex',
  'Form',
  'Input',
  'InputNumber',
  'Layout',
  'List',
  'Menu',
  'Modal',
  'Popconfirm',
  'Radio',
  'Row',
  'Segmented',
  'Select',
  'Space',
  'Switch',
  'Table',
  'Tag',
  'Typography',
  // Drawn inside those.
  'Dropdown',
  'Empty',
  'Pagination',
  'Popover',
  'Spin',
  'Tooltip',
  'message',
  'notification',
] as const;
