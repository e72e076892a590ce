import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { courseSlugs, paths } from './config/paths';

/**
 * The nine pages, the thank-you page (after an enquiry sent without JavaScript) and
 * the not-found page. Each module is its own chunk, loaded when
 * its page is first visited. The six course pages share one module; it reads the
 * course from the URL.
 */
export default [
  index('routes/home.tsx'),
  route(paths.about, 'routes/about.tsx'),
  route(paths.contact, 'routes/contact.tsx'),
  route(paths.privacy, 'routes/privacy.tsx'),
  ...courseSlugs.map((slug) => route(paths.course(slug), 'routes/course.tsx', { id: `course-${slug}` })),
  route(paths.thankYou, 'routes/thank-you.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
