import { upload } from '../../apiCall';
import { FileField, UploadPanel, useUpload } from '../../components/UploadPanel';
import { problems } from '../../../../shared/api/problems';

/** Upload a LiveCodeBench JSONL file with a real progress bar; the server imports all or nothing. */
export function ImportPanel({ onImported }: { onImported: () => void }) {
  const u = useUpload((file, onProgress) => upload(problems.import, { query: { name: file.name } }, file, onProgress), onImported);
  return (
    <UploadPanel
      upload={u}
      label="Import problems"
      title="Import LiveCodeBench problems"
      intro={
        <>
          A <code>code_generation_lite</code> JSONL file. Every line is checked first: one bad line and nothing is imported. Re-importing a file is safe.
        </>
      }
      done={(summary, file) => `Imported ${summary.total} problems from ${file}: ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged.`}
    >
      <div className="row">
        <FileField upload={u} label="LiveCodeBench JSONL file" />
        <button type="submit" className="primary" disabled={!u.file || u.busy}>
          Import
        </button>
      </div>
    </UploadPanel>
  );
}
