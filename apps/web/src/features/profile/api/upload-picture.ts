import type { ApiSuccess, UploadDir, UploadedFile } from '@staff-admin/shared';
import { api } from '../../../lib/api-client.js';

interface UploadOptions {
  /** Told the share sent so far, 0 to 100, as the upload goes. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /uploads?dir=users: stores a picture; its `path` is what goes into `imageUrl`. */
export async function uploadPicture(
  file: File,
  { onProgress, signal }: UploadOptions = {},
  dir: UploadDir = 'users',
): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await api.post<ApiSuccess<UploadedFile>>('/uploads', body, {
    params: { dir },
    signal,
    onUploadProgress: ({ loaded, total }) => {
      const size = total ?? file.size;
      if (onProgress && size > 0) onProgress(Math.min(100, Math.round((loaded / size) * 100)));
    },
  });
  return data.data;
}
