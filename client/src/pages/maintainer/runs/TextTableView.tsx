import { figureText, MISSING, type TextTable } from '../../../../../shared/runs/tableFormats';

/** A cell of a paper table: "—" keeps its reason in a title and for screen readers. */
export function Cell({ text, reason }: { text: string; reason: string }) {
  if (text !== MISSING) return <td>{text}</td>;
  return (
    <td className="undefined-value" title={reason}>
      {MISSING}
      <span className="sr-only"> ({reason})</span>
    </td>
  );
}

/**
 * A paper table as its text model says (the cells the downloads hold, "—" where a figure is
 * missing), in a box that scrolls under its header when it is long, so the view stays a few screens.
 */
export function TextTableView({ table, labelledBy, reason }: { table: TextTable; labelledBy: string; reason: string }) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-labelledby={labelledBy}>
      <table aria-labelledby={labelledBy}>
        <thead>
          <tr>
            {[...table.labels, ...table.figures].map((c, i) => (
              <th scope="col" key={c.csv} className={i < table.labels.length ? 'label' : undefined}>
                {c.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.labels.join('\u0000')}>
              {row.labels.map((text, i) =>
                i === 0 ? (
                  <th scope="row" key={i}>
                    {text}
                  </th>
                ) : (
                  <td key={i} className="label">
                    {text}
                  </td>
                ),
              )}
              {figureText(row.figures).map((text, i) => (
                <Cell key={i} text={text} reason={reason} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
