/**
 * Every signed-in desk page: the menu, who is signed in, "Sign out", and the page (antd's
 * Content is the <main>). Below antd's `md` breakpoint the menu takes a row of its own,
 * so a phone shows Today, Enquiries and Dashboard without opening anything; an admin's two
 * more pages wrap to a second line rather than hide behind a menu.
 */
import { Button, Grid, Layout, Menu, Space, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useOpenFromNotification, useReload, useUnread } from '../lib/live';
import { loadOptions } from '../lib/options';
import { deskPages, menuPagesFor } from '../../../shared/desk-pages';
import { useSession } from '../lib/session';

/** The options every page needs, once per sign-in (not again after each save). */
export const loader = loadOptions;
export const shouldRevalidate = () => false;

export default function DeskLayout() {
  const { staff, signOut } = useSession();
  const { pathname } = useLocation();
  const items = menuPagesFor(staff?.role).map((page) => ({ key: page.path, label: page.menu }));
  const selected = items.filter((item) => (item.key === '/' ? pathname === '/' : pathname.startsWith(item.key)));
  const narrow = !Grid.useBreakpoint().md;
  const reload = useReload();
  useOpenFromNotification();
  // A new lead assigned (or a family asking again): Today, when it is open, shows it at once.
  const unread = useUnread(
    staff?.role,
    () => {
      if (pathname === deskPages.today.path) reload();
    },
    pathname,
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          display: 'flex',
          flexWrap: narrow ? 'wrap' : 'nowrap',
          alignItems: 'center',
          columnGap: 16,
          paddingInline: 16,
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          ...(narrow ? { height: 'auto', lineHeight: '48px' } : {}),
        }}
      >
        <Typography.Text strong style={{ whiteSpace: 'nowrap', flex: narrow ? 1 : undefined }}>
          Enquiry desk
        </Typography.Text>
        <nav
          aria-label="Desk"
          style={narrow ? { order: 3, flexBasis: '100%', marginInline: -16 } : { flex: 1, minWidth: 0 }}
        >
          <Menu
            mode="horizontal"
            selectedKeys={selected.map((item) => item.key)}
            items={items.map((item) => ({
              key: item.key,
              label: (
                <Link className="desk-target" to={item.key}>
                  {item.label}
                  {item.key === deskPages.today.path && unread && unread.unread > 0 && (
                    // A count, not antd's Badge: its animation costs the first load more than it gives.
                    <span className="desk-count" role="status" aria-label={`${unread.unread} new for you`}>
                      {unread.unread}
                    </span>
                  )}
                </Link>
              ),
            }))}
            // No "…" menu on a phone: every page stays one tap away, and no link is both hidden
            // and focusable (antd keeps the links it hides in the page).
            disabledOverflow={narrow}
            style={{ borderBottom: 'none', ...(narrow ? { flexWrap: 'wrap' } : {}) }}
          />
        </nav>
        <Space>
          {!narrow && (
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {staff?.name}
            </Typography.Text>
          )}
          <Link to={deskPages.password.path} className="desk-target">
            {deskPages.password.header}
          </Link>
          <Button onClick={() => void signOut()}>Sign out</Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 16, maxWidth: 1280, width: '100%', margin: '0 auto' }}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
