import { PROFILE_PATHS, type DataExportFormat } from '@portal/contracts/profile';
import { useMutation } from '@tanstack/react-query';
import { postForFile } from '~/api/api-client';
import { saveFile } from '~/components/save-file';

/** Asks for a copy of one's data and saves it as a download, under the server's file name. */
export async function exportPersonalData(format: DataExportFormat) {
  const { blob, fileName } = await postForFile(PROFILE_PATHS.dataExport, {
    query: { format },
  });
  saveFile(blob, fileName ?? `data-akun.${format}`);
}

export const useExportPersonalData = () =>
  useMutation({ mutationFn: (format: DataExportFormat) => exportPersonalData(format) });
