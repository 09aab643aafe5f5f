import { paperTableFileName, paperTableText, MEDIA_TYPES, type PaperTableName, type PaperTableRun, type TableFormat } from '../../../../../shared/runs/paperTable';

/** Save text as a file through a Blob (nothing goes to the server). */
function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const FORMATS: [TableFormat, string][] = [
  ['csv', 'CSV'],
  ['latex', 'LaTeX'],
];

/** CSV and LaTeX of one table, written by the function `runs tables` and the API use: the same bytes. */
export function PaperDownloads({ table, label, release, runs }: { table: PaperTableName; label: string; release: string; runs: readonly PaperTableRun[] }) {
  return (
    <div className="row downloads">
      {FORMATS.map(([format, name]) => (
        <button key={format} type="button" onClick={() => download(paperTableFileName(table, format, release), paperTableText(table, format, runs), MEDIA_TYPES[format])}>
          Download {label} ({name})
        </button>
      ))}
    </div>
  );
}
