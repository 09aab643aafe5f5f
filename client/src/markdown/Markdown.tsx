import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline, type LinkBase } from './parse';

function inline(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'code':
        return <code key={i}>{n.text}</code>;
      case 'strong':
        return <strong key={i}>{inline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(n.children)}</em>;
      case 'link':
        return n.href ? (
          <a key={i} href={n.href} rel="noopener noreferrer nofollow">
            {inline(n.children)}
          </a>
        ) : (
          <Fragment key={i}>{inline(n.children)}</Fragment>
        );
      case 'image':
        // Never loaded inline: a link to the file, named by its alt text.
        return n.href ? (
          <a key={i} href={n.href} rel="noopener noreferrer nofollow" className="md-image">
            [image: {n.alt}]
          </a>
        ) : (
          <Fragment key={i}>[image: {n.alt}]</Fragment>
        );
    }
  });
}

function block(b: Block, i: number): ReactNode {
  switch (b.kind) {
    case 'heading': {
      const H = `h${b.level}` as const;
      return <H key={i}>{inline(b.children)}</H>;
    }
    case 'paragraph':
      return <p key={i}>{inline(b.children)}</p>;
    case 'list': {
      const items = b.items.map((item, k) => <li key={k}>{inline(item)}</li>);
      return b.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
    }
    case 'code':
      return (
        <pre key={i} data-lang={b.lang || undefined}>
          <code>{b.text}</code>
        </pre>
      );
    case 'table':
      return (
        <table key={i}>
          <thead>
            <tr>
              {b.header.map((c, k) => (
                <th key={k}>{inline(c)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {b.rows.map((row, r) => (
              <tr key={r}>
                {row.map((c, k) => (
                  <td key={k}>{inline(c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'rule':
      return <hr key={i} />;
  }
}

/** Markdown rendered as React elements (never as HTML): see parse.ts for the subset. */
export function Markdown({ source, linkBase = null }: { source: string; linkBase?: LinkBase }) {
  return <div className="markdown">{parseMarkdown(source, linkBase).map(block)}</div>;
}
