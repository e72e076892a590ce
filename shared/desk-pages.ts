/**
 * Every desk page, once: its path (inside /staff), where it is linked from (the menu, the
 * header or the Site content page), its module and who may open it. The desk's router (desk/src/app/main.tsx, which
 * finds each page's module by its name: desk/src/app/page-modules.ts), the menu (desk/src/app/layout.tsx), the Site content page's
 * sections and the names the list of unpublished changes gives them, the guards, the links between pages, the server's
 * links to the desk and the browser tests' list of pages all come from this table. A leaf: it
 * imports only the roles' table and the site's paths (no zod, no page), so a page, the server
 * and the tests can read it.
 */
import { type DeskAccess, mayAccess } from './schema/desk-vocabulary';
import { paths } from './paths';

export const DESK_BASENAME = '/staff';

/** Who may open a page: anyone (signing in), any signed-in member, or a role that does its work (shared/schema/desk-vocabulary.ts). */
export type Access = DeskAccess;

export type DeskPage = {
  /** The page's path inside the desk ("/" is Today). */
  path: string;
  /**
   * Its module in desk/src/pages, named without `.page.tsx`: `inbox` is pages/inbox.page.tsx, and
   * a page with parts of its own is a folder (`enquiry` is pages/enquiry/index.page.tsx).
   */
  module: string;
  access: Access;
  /** Its link in the menu (these are the pages' headings too). */
  menu?: string;
  /** Its link in the header, beside "Sign out". */
  header?: string;
  /**
   * Its link on the Site content page, with a line on what is edited there: the page's heading
   * too, and the name the list of unpublished changes groups its changes under. A section of
   * words only names them (`words`) and is edited by the desk's words page (module
   * `content/words`), its changes named by the same labels: no page of its own.
   */
  section?: { name: string; about: string; words?: WordsSection };
};

/** What a section of words only edits, in English and Hindi side by side, and where they show. */
export type WordsSection = {
  /** The site's pages that show them (paths without a language), the one it shows most first: previewed. */
  preview: readonly string[];
  fields: readonly WordsField[];
};

/**
 * One place of the words: where it is in a language's copy (`home.faq.heading`) and its label.
 * A list is edited item by item, each named "<item> N" and edited with `list.fields` (their
 * `at` inside the item); `add` is its button.
 */
export type WordsField = {
  at: string;
  label: string;
  multiline?: true;
  /** May be left empty in both languages (then it is taken out). */
  optional?: true;
  list?: { item: string; add: string; fields: readonly WordsField[] };
};

export const deskPages = {
  signIn: { path: '/sign-in', module: 'sign-in', access: 'anyone' },
  today: { path: '/', module: 'today', access: 'enquiries', menu: 'Today' },
  inbox: { path: '/enquiries', module: 'inbox', access: 'enquiries', menu: 'Enquiries' },
  addEnquiry: { path: '/enquiries/new', module: 'add-enquiry', access: 'enquiries' },
  enquiry: { path: '/enquiries/:id', module: 'enquiry', access: 'enquiries' },
  events: { path: '/events', module: 'events', access: 'enquiries', menu: 'Events' },
  eventSession: { path: '/events/:id', module: 'events/session', access: 'enquiries' },
  dashboard: { path: '/dashboard', module: 'dashboard', access: 'enquiries', menu: 'Dashboard' },
  content: { path: '/content', module: 'content', access: 'content', menu: 'Site content' },
  course: { path: '/content/courses/:slug', module: 'content/course', access: 'content' },
  teachers: {
    path: '/content/teachers',
    module: 'content/teachers',
    access: 'content',
    section: { name: 'Teachers', about: 'Their words and portraits' },
  },
  notices: {
    path: '/content/notices',
    module: 'content/notices',
    access: 'content',
    section: { name: 'Notices', about: 'Dated announcements on the home and course pages' },
  },
  eventsContent: {
    path: '/content/events',
    module: 'content/events',
    access: 'content',
    section: { name: 'Scholarship test and demo class', about: 'Their pages, and the sessions families book' },
  },
  results: {
    path: '/content/results',
    module: 'content/results',
    access: 'content',
    section: { name: 'Results and testimonials', about: 'What students and parents said, and the results behind it' },
  },
  facts: {
    path: '/content/facts',
    module: 'content/facts',
    access: 'content',
    section: { name: 'Contact details and hours', about: 'Phone, WhatsApp, email, address and opening hours' },
  },
  homeQuestions: {
    path: '/content/home-questions',
    module: 'content/words',
    access: 'content',
    section: {
      name: 'Home page questions',
      about: 'The common questions parents ask, and their answers',
      words: {
        preview: [paths.home],
        fields: [
          { at: 'home.faq.heading', label: 'Heading' },
          { at: 'home.faq.intro', label: 'Introduction', multiline: true, optional: true },
          {
            at: 'home.faq.items',
            label: 'Questions',
            list: {
              item: 'Question',
              add: 'Add a question',
              fields: [
                { at: 'question', label: 'Question' },
                { at: 'answer', label: 'Answer', multiline: true },
              ],
            },
          },
        ],
      },
    },
  },
  versions: { path: '/content/versions', module: 'content/versions', access: 'content' },
  accounts: { path: '/accounts', module: 'accounts', access: 'admin', menu: 'Staff accounts' },
  tools: { path: '/tools', module: 'tools', access: 'admin', menu: 'Exports and data' },
  leads: { path: '/leads', module: 'leads', access: 'admin', menu: 'Leads' },
  notifications: {
    path: '/notifications',
    module: 'notifications',
    access: 'enquiries',
  },
  password: {
    path: '/password',
    module: 'password',
    access: 'signed-in',
    header: 'Your password',
  },
} as const satisfies Record<string, DeskPage>;

export type DeskPageName = keyof typeof deskPages;

/** The pages linked from the Site content page, in the table's order. */
export type SectionPageName = {
  [Name in DeskPageName]: (typeof deskPages)[Name] extends { section: object } ? Name : never;
}[DeskPageName];
export const sectionPages: readonly { page: SectionPageName; name: string; about: string; words?: WordsSection }[] =
  Object.entries(deskPages).flatMap(([name, page]) =>
    'section' in page ? [{ page: name as SectionPageName, ...page.section }] : [],
  );

/** The first page of the menu a member may open: where signing in takes them. */
export const landingPage = (role: string | undefined) => menuPagesFor(role)[0]?.path ?? deskPages.password.path;

/** The menu's pages a member may open, in the menu's order. */
export const menuPagesFor = (role: string | undefined) => menuPages.filter((page) => mayAccess(role, page.access));

/** The menu's pages, in the menu's order. */
export const menuPages = Object.values(deskPages).filter(
  (page): page is Extract<(typeof deskPages)[DeskPageName], { menu: string }> => 'menu' in page,
);

/** A desk page's path with its parameters filled in: deskPath('enquiry', { id }). */
export function deskPath(name: DeskPageName, params: Record<string, string> = {}): string {
  return deskPages[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/** A path as the desk names it, without /staff (the router's and the request's paths carry it). */
export function inDesk(pathname: string): string {
  return pathname.startsWith(DESK_BASENAME) ? pathname.slice(DESK_BASENAME.length) || '/' : pathname;
}
