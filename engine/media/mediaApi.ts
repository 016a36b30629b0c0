import type { MediaAnswer } from '../../schemas/medias';
import type { Paged } from '../../schemas/paged';
import { http } from '../http';

/** Spec 02 §3: one uploaded image. */
export type Media = MediaAnswer;

/** Spec 02 §3: the paged media answer. */
export type MediaPage = Paged<Media>;

export const mediaQueryKeys = {
  all: ['medias'] as const,
  page: (userId: number, page: number) => ['medias', userId, page] as const,
};

/** GET /medias?page&user_id: the signed-in user's media, one page. */
export async function fetchMediaPage(userId: number, page: number): Promise<MediaPage> {
  return (await http.get<MediaPage>('/medias', { params: { page, user_id: userId } })).data;
}

/**
 * POST /medias (multipart `file`), reporting progress in percent. Silent: a failed media upload
 * marks the file failed without a message (spec 02 §7).
 */
export async function uploadMedia(file: File, onProgress: (percent: number) => void): Promise<unknown> {
  const body = new FormData();
  body.append('file', file);
  const response = await http.post('/medias', body, {
    silent: true,
    onUploadProgress: (event) => {
      if (event.total) onProgress((event.loaded / event.total) * 100);
    },
  });
  return response.data;
}

/** POST /medias/bulk-delete {ids}; the answer carries the server's message. */
export async function deleteMedias(ids: readonly number[]): Promise<{ message?: string }> {
  return (await http.post<{ message?: string }>('/medias/bulk-delete', { ids })).data;
}

/** POST /users/annoucment/uploadimage (multipart `image`): the rich-text editor's images; answers the URL. */
export async function uploadEditorImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return (await http.post<{ url: string }>('/users/annoucment/uploadimage', body)).data.url;
}
