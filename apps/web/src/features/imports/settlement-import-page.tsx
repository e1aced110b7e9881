/** /settlement-import: load files, or (with importId) the result of one upload. */
import { useSearchParams } from 'react-router';
import { ImportResult } from './import-result';
import { UploadPanel } from './upload-panel';

export function SettlementImportPage() {
  const [params] = useSearchParams();
  const importId = params.get('importId');
  return importId ? <ImportResult importId={importId} /> : <UploadPanel />;
}
