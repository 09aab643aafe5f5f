import type { ReactNode } from 'react';
import { Link } from '../router';

/** The way back to the list a page was opened from, above its title. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p>
      <Link href={href}>← {children}</Link>
    </p>
  );
}
