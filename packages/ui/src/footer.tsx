export interface FooterLink {
  name: string;
  url: string;
}

export interface FooterProps {
  /** Friendly links to external arts sites (two, from the settings). */
  links: FooterLink[];
  supportCredit: string;
  copyright: string;
}

/** Plain elements with the classes of layout.css, as the header's layout: it is on every page the server renders. */
export function Footer({ links, supportCredit, copyright }: FooterProps) {
  return (
    <div className="fs-footer">
      {links.length > 0 && (
        <nav aria-label="友情链接" className="fs-footer__links">
          <span className="fs-footer__label">友情链接</span>
          {links.map((link) => (
            <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer" className="fs-footer__link">
              {link.name}
            </a>
          ))}
        </nav>
      )}
      {supportCredit && <p className="fs-footer__text">{supportCredit}</p>}
      {copyright && <p className="fs-footer__text">{copyright}</p>}
    </div>
  );
}
