import type { ApiSuccess, CostImportMapping, CostImportResult } from '@staff-admin/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { BUDGETING_KEY } from './keys.js';

export interface ImportCostsInput {
  projectId: string;
  file: File;
  mapping: CostImportMapping;
  dryRun: boolean;
  onProgress?: (percent: number) => void;
}

/** POST /projects/{id}/costs/import: the preview (dry run) or the commit of a CSV file. */
async function importCosts({ projectId, file, mapping, dryRun, onProgress }: ImportCostsInput) {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file);
  const { data } = await api.post<ApiSuccess<CostImportResult>>(
    `/projects/${encodeURIComponent(projectId)}/costs/import`,
    form,
    {
      params: { dryRun },
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
      },
    },
  );
  return data.data;
}

/** DELETE /import-batches/{id}: the batch's costs are removed. */
async function undoImport(batchId: string) {
  await api.delete(`/import-batches/${encodeURIComponent(batchId)}`);
}

export function useImportCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCosts,
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: BUDGETING_KEY });
    },
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BUDGETING_KEY }),
  });
}
