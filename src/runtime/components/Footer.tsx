import type { ShellConfig } from '../../shared/types.ts';
import { Link } from './Link.tsx';

export function Footer({ shell }: { shell: ShellConfig }) {
  const { footer } = shell;
  return (
    <footer className="footer">
      <div className="footer-columns">
        {footer.columns.map((col) => (
          <div key={col.title} className="footer-column">
            <p className="footer-title">{col.title}</p>
            <ul>
              {col.items.map((item) => (
                <li key={item.label}>
                  {item.to !== undefined ? (
                    <Link to={item.to}>{item.label}</Link>
                  ) : (
                    <a href={item.href} target="_blank" rel="noopener noreferrer">
                      {item.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      {/* As Docusaurus lays it out: the logo centred above the copyright. */}
      <div className="footer-bottom">
        {footer.logo && <img className="footer-logo" src={footer.logo.src} alt={footer.logo.alt} width={48} height={48} />}
        <p className="footer-copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
