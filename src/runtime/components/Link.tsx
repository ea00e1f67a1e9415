import type { AnchorHTMLAttributes } from 'react';

/** An internal link: a plain anchor that the client router intercepts (works without JavaScript). */
export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a href={to} {...rest} />;
}
