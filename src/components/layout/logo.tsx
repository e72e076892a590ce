import { brandFiles } from '../../config/brand-files';

/**
 * The mark (the favicon's own file: src/config/logo.ts drawn by the build, so no drawing
 * ships in the page's JavaScript) and the wordmark, in the page's language.
 */
export function Logo({ name, tagline }: { name: string; tagline: string }) {
  return (
    <span className="logo">
      <img className="logo__mark" src={brandFiles.faviconSvg} width="36" height="36" alt="" />
      <span className="logo__words">
        <span className="logo__name">{name}</span>
        <span className="logo__tagline">{tagline}</span>
      </span>
    </span>
  );
}
