// The app's layout: sidebar, top bar (with the sync status), refused-write notices, the page,
// the partner strip and, on home, the footer. Scroll is restored on back navigation and reset on
// a new page (ScrollRestoration); after a navigation focus moves to the page and its title is
// announced. It is also the router's HydrateFallback, so the shell paints before the first
// screen's code arrives.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ScrollRestoration, useLocation, useNavigation, useOutlet } from 'react-router-dom';
import { PartnerStrip } from '../components/layout/partner-strip.tsx';
import { HomeFooter } from '../components/layout/home-footer.tsx';
import { Sidebar } from '../components/layout/sidebar.tsx';
import { SyncNotices } from '../components/layout/sync-status.tsx';
import { TopBar } from '../components/layout/top-bar.tsx';
import { useIsWide } from '../components/layout/use-media-query.ts';
import { Spinner } from '../components/ui/spinner.tsx';
import { useSession } from '../data/react.ts';
import { partnerStripHiddenOn, sidebarHiddenOn } from '../components/layout/nav-links.ts';
import { UpdatePrompt } from './pwa/update-prompt.tsx';
import { documentTitle, useRouteMeta } from './route-meta.ts';

const SIDEBAR_ID = 'sidebar';
/** Where focus stays when a new page arrives: the top bar's popovers (the bell, the profile menu), menus and dialogs. */
const KEEPS_FOCUS = '.popover, [role="menu"], [role="dialog"], dialog[open]';

export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const outlet = useOutlet();
  const meta = useRouteMeta();
  const wide = useIsWide();
  const session = useSession();
  const user = session.user;
  const isAdmin = user?.is_admin === true || user?.role === 'admin';

  const [sidebarOpen, setSidebarOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const [announcement, setAnnouncement] = useState('');

  const path = location.pathname;
  const hasSidebar = !sidebarHiddenOn(path);
  const chatRoute = /^\/fete-chat\/?$/.test(path);
  const drawerOpen = hasSidebar && !wide && sidebarOpen;

  const closeSidebar = useCallback((opts?: { returnFocus?: boolean }) => {
    setSidebarOpen(false);
    if (opts?.returnFocus) requestAnimationFrame(() => menuButtonRef.current?.focus());
  }, []);

  // A drawer left open makes no sense once the screen is wide.
  useEffect(() => {
    if (wide) setSidebarOpen(false);
  }, [wide]);

  const title = documentTitle(meta);
  useEffect(() => {
    document.title = title;
  }, [title]);

  // After an in-app navigation to another page (not the first load): focus the page and announce
  // its title. A change of the query alone (a list's search and filters kept in the URL) is the
  // same page: focus stays in the search box.
  const settledPage = useRef(location.pathname);
  const hasOutlet = outlet !== null;
  useEffect(() => {
    if (!hasOutlet || settledPage.current === location.pathname) return;
    settledPage.current = location.pathname;
    setAnnouncement(title);
    // A menu or dialog opened while the page was on its way keeps the focus: taking it would
    // close the menu under the person's pointer (its focus-out dismisses it).
    if (document.activeElement?.closest(KEEPS_FOCUS)) return;
    mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname, hasOutlet, title]);

  return (
    <div className={`app${hasSidebar ? ' app--with-sidebar' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {hasSidebar && <Sidebar id={SIDEBAR_ID} wide={wide} open={sidebarOpen} isAdmin={isAdmin} onClose={closeSidebar} />}
      <div className="app__body" inert={drawerOpen}>
        <TopBar
          hasSidebar={hasSidebar}
          wide={wide}
          sidebarId={SIDEBAR_ID}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((v) => !v)}
          menuButtonRef={menuButtonRef}
          chatRoute={chatRoute}
        />
        <SyncNotices />
        {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
        <main id="main" ref={mainRef} tabIndex={-1} className={`app__main${chatRoute ? ' app__main--full' : ''}`}>
          {outlet ?? (
            <div className="page-loading">
              <Spinner label="Loading..." />
            </div>
          )}
        </main>
        {!partnerStripHiddenOn(path) && <PartnerStrip />}
        {path === '/' && <HomeFooter />}
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <UpdatePrompt />
      <ScrollRestoration />
    </div>
  );
}
